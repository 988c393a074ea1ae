import {
  HEADER_ALWAYS_VISIBLE_PX,
  HEADER_HIDE_AFTER_PX,
  HEADER_SHOW_AT_PX,
} from '@lantern/contracts/constants';

/** Where the page was, and the deepest point of the last downward scroll. */
export type HeaderScrollState = { visible: boolean; lastY: number; turnY: number };

export const INITIAL_HEADER_STATE: HeaderScrollState = { visible: true, lastY: 0, turnY: 0 };

/**
 * The header rule of spec §9: "hides past scroll 250px, reappears at 150px, always visible at
 * 25px or less", with §2: it "hides on scroll down past 250px and reappears on scroll up".
 *
 * Read here as: it hides while scrolling down below 250 px from the top; it comes back once the
 * user has scrolled *up by* 150 px (measured from the deepest point of the last downward
 * scroll); and within 25 px of the top it is always shown.
 *
 * Why not "reappears when the position is back above 150 px": then the 25 px rule would never
 * matter (every position at 25 px or less is also above 150 px), and a user far down a long
 * list would have to scroll nearly to the top to reach the menu, which contradicts "reappears
 * on scroll up" in §2. As travel, the three numbers each do something, and the 150 px keep the
 * header from flickering on small wheel or touch movements.
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
