import { useLayoutEffect, useState, type RefObject } from 'react';

/** How much room the content must leave before an overflowing box counts as fitting again, so
 * that what the overflow brings in (a burger beside the menu) cannot make it flip back and forth. */
const SLACK_PX = 48;

/**
 * Whether the first child of a box is wider than the box (the menu of a user with many rights on
 * a narrow desktop window). The box's own width decides, so hiding the overflowing content with
 * `visibility` (which keeps its room) does not change the answer. Without ResizeObserver (tests)
 * nothing overflows.
 */
export function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      const content = box.firstElementChild;
      const need = content instanceof HTMLElement ? content.scrollWidth : box.scrollWidth;
      const room = box.clientWidth;
      // A hidden box (display: none below its breakpoint) has no room and no content width.
      setOverflows((was) => room > 0 && (was ? need > room - SLACK_PX : need > room));
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => {
      observer.disconnect();
    };
  }, [ref]);
  return overflows;
}
