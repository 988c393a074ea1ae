import { useEffect, useState } from 'react';
import { RESIZE_THROTTLE_MS } from '@lantern/contracts/constants';
import { throttle } from '../../lib/throttle';
import { INITIAL_HEADER_STATE, nextHeaderState } from './header-visibility';

/** Whether the header shows, following the scroll position (and re-checked on resize). */
export function useHeaderVisibility(): boolean {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    let state = INITIAL_HEADER_STATE;
    let frame = 0;
    const update = () => {
      frame = 0;
      state = nextHeaderState(state, window.scrollY);
      setVisible(state.visible);
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    const onResize = throttle(update, RESIZE_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
      onResize.cancel();
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);

  return visible;
}
