import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './dates';

describe('dates of authoring forms', () => {
  it('round-trips an instant through a datetime-local value', () => {
    const iso = '2026-03-14T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });
});
