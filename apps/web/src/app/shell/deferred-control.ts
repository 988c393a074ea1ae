import { useEffect, useRef, type RefObject } from 'react';

/*
 * The header's menus and account flyout load Mantine's Menu and Popover (with Floating UI)
 * only when first used: until then a plain button of the same look stands in for each. The
 * use that loaded the control is replayed on it once it is there, so the first press behaves
 * as every later one.
 */

/** How the person first reached for a control whose code was not loaded yet. */
export type FirstUse = 'press' | 'hover';

/**
 * Replays a first press on the loaded control's button: the focus goes to it (the pressed
 * stand-in is gone) and it is clicked, so it opens the way a press opens it. Once per mount,
 * also under StrictMode's second run of effects.
 */
export function useReplayPress(target: RefObject<HTMLElement | null>, firstUse: FirstUse): void {
  const hasReplayed = useRef(false);
  useEffect(() => {
    if (firstUse !== 'press' || hasReplayed.current) return;
    hasReplayed.current = true;
    target.current?.focus();
    target.current?.click();
  }, [target, firstUse]);
}
