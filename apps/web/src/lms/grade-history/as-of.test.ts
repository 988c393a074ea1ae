import { afterEach, describe, expect, it, vi } from 'vitest';
import { toLocalDateTime } from '../../lib/format';
import { asOfFromInput } from './as-of';

afterEach(() => {
  vi.useRealTimers();
});

describe('the time an as-of read asks for', () => {
  it('is the end of the minute chosen, in the device’s zone', () => {
    const chosen = new Date('2026-11-01T09:30');
    expect(asOfFromInput('2026-11-01T09:30')).toBe(
      new Date(chosen.getTime() + 59_999).toISOString(),
    );
    expect(toLocalDateTime(chosen)).toBe('2026-11-01T09:30');
  });

  it('is never after now (the server refuses a time to come)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T20:02:10'));
    expect(asOfFromInput('2026-11-26T20:02')).toBe(new Date('2026-11-26T20:02:10').toISOString());
  });

  it('is nothing for an empty field', () => {
    expect(asOfFromInput('')).toBeNull();
  });
});
