import { useCallback, useEffect, useRef } from 'react';
import { WBT_OPEN_TIME_EVERY_SECONDS, type WbtLaunch } from '@lantern/contracts/wbt';
import { sendOpenTime } from '../api/send-open-time';

/**
 * An HTML package reports no time of its own: the page counts the seconds it shows the package
 * (while the tab is visible) and reports them every `WBT_OPEN_TIME_EVERY_SECONDS`, when the tab
 * is hidden, and as the page goes away. The server keeps the largest report, capped by the
 * launch's age. Returns a reader of the seconds counted so far ("Mark as done" sends them).
 */
export function useOpenTime(
  launch: WbtLaunch,
  onReported?: () => void,
  now: () => number = () => Date.now(),
): () => number {
  const counted = useRef(0);
  const since = useRef<number | null>(null);
  const attemptId = launch.attempt?.id ?? null;
  const tracked = launch.standard === 'html' && launch.mode === 'normal' && attemptId !== null;
  const latest = useRef({ onReported, now });
  useEffect(() => {
    latest.current = { onReported, now };
  });

  const seconds = useCallback(() => {
    const running = since.current === null ? 0 : latest.current.now() - since.current;
    return Math.floor((counted.current + running) / 1000);
  }, []);

  useEffect(() => {
    if (!tracked) return;
    const clock = () => latest.current.now();
    const visible = () => document.visibilityState === 'visible';
    counted.current = 0;
    since.current = visible() ? clock() : null;
    const pause = () => {
      if (since.current !== null) counted.current += clock() - since.current;
      since.current = null;
    };
    let reported = -1;
    const report = (keepalive: boolean) => {
      const openSeconds = seconds();
      if (openSeconds <= reported) return;
      reported = openSeconds;
      sendOpenTime(attemptId, { launchNo: launch.launchNo, sco: 0, openSeconds }, { keepalive })
        .then(() => latest.current.onReported?.())
        // A report that does not arrive is made good by the next one (the largest is kept).
        .catch(() => undefined);
    };
    const onVisibility = () => {
      if (visible()) {
        since.current ??= clock();
      } else {
        pause();
        report(true);
      }
    };
    const onPageHide = () => {
      pause();
      report(true);
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    const timer = window.setInterval(() => report(false), WBT_OPEN_TIME_EVERY_SECONDS * 1000);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      pause();
      report(false);
    };
  }, [tracked, attemptId, launch.launchNo, seconds]);

  return seconds;
}
