import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first call at once and the last of a burst after the pause', () => {
    const calls: number[] = [];
    const throttled = throttle((n: number) => calls.push(n), 200);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(199);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
  });

  it('runs a call right away again once the pause is over', () => {
    const calls: number[] = [];
    const throttled = throttle((n: number) => calls.push(n), 200);
    throttled(1);
    vi.advanceTimersByTime(250);
    throttled(2);
    expect(calls).toEqual([1, 2]);
  });

  it('drops the pending call when cancelled', () => {
    const calls: number[] = [];
    const throttled = throttle((n: number) => calls.push(n), 200);
    throttled(1);
    throttled(2);
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(calls).toEqual([1]);
  });
});
