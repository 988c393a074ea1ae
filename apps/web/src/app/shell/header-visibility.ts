import {
  HEADER_ALWAYS_VISIBLE_PX,
  HEADER_HIDE_AFTER_PX,
  HEADER_SHOW_AT_PX,
} from '@lantern/contracts/constants';

/** Where the page was, and the deepest point of the last downward scroll. */
export type HeaderScrollState = { visible: boolean; lastY: number; turnY: number };

export const INITIAL_HEADER_STATE: HeaderScrollState = { visible: true, lastY: 0, turnY: 0 };

/**
 * The header rule of spec §9: it hides when scrolling down past 250 px, comes back once the
 * user has scrolled up by 150 px, and is always shown within 25 px of the top. The 150 px of
 * upward travel keep it from flickering on small wheel or touch movements.
 */
export function nextHeaderState(state: HeaderScrollState, y: number): HeaderScrollState {
  if (y <= HEADER_ALWAYS_VISIBLE_PX) return { visible: true, lastY: y, turnY: y };
  if (y > state.lastY) {
    return { visible: y > HEADER_HIDE_AFTER_PX ? false : state.visible, lastY: y, turnY: y };
  }
  if (y < state.lastY) {
    const turnY = Math.max(state.turnY, state.lastY);
    return { visible: state.visible || turnY - y >= HEADER_SHOW_AT_PX, lastY: y, turnY };
  }
  return state;
}
