import { describe, expect, it } from 'vitest';
import { INITIAL_HEADER_STATE, nextHeaderState, type HeaderScrollState } from './header-visibility';

const scroll = (...ys: number[]): HeaderScrollState =>
  ys.reduce(nextHeaderState, INITIAL_HEADER_STATE);

describe('nextHeaderState', () => {
  it('stays visible while scrolling down up to 250 px', () => {
    expect(scroll(50, 150, 250).visible).toBe(true);
  });

  it('hides when scrolling down past 250 px', () => {
    expect(scroll(100, 251).visible).toBe(false);
  });

  it('stays hidden after scrolling up less than 150 px', () => {
    expect(scroll(400, 800, 700, 651).visible).toBe(false);
  });

  it('comes back after scrolling up 150 px', () => {
    expect(scroll(400, 800, 700, 650).visible).toBe(true);
  });

  it('measures the way up from the deepest point of the last downward scroll', () => {
    // Down to 800, up to 700, down to 900: the next way up starts at 900.
    expect(scroll(800, 700, 900, 760).visible).toBe(false);
    expect(scroll(800, 700, 900, 750).visible).toBe(true);
  });

  it('is always visible at 25 px or less, even when jumping there from a hidden state', () => {
    const hidden = scroll(300, 600);
    expect(hidden.visible).toBe(false);
    expect(nextHeaderState(hidden, 25).visible).toBe(true);
    expect(nextHeaderState(hidden, 500).visible).toBe(false);
  });

  it('hides again when scrolling down after it came back', () => {
    expect(scroll(1000, 800, 900).visible).toBe(false);
  });

  it('keeps the state when the position did not change', () => {
    const state = scroll(300, 600);
    expect(nextHeaderState(state, 600)).toBe(state);
  });
});
