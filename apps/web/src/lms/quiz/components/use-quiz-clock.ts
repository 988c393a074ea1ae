import { useEffect, useRef, useState } from 'react';

/** The minutes left at which a screen reader hears how long remains (decision 0020 §3.9). */
export const WARN_AT_MINUTES = [5, 1] as const;

/**
 * Time left on a timed attempt by the server's clock: the page counts down from the difference
 * between the server's `deadlineAt` and `serverNow`, measured against this device's clock when
 * the answer came, so a device whose clock is wrong still shows the right time.
 */
export function useQuizClock(options: {
  deadlineAt: string | null;
  serverNow: string;
  onExpire: () => void;
}) {
  const { deadlineAt, serverNow } = options;
  const [receivedAt] = useState(() => Date.now());
  const deadlineLocal =
    deadlineAt === null
      ? null
      : receivedAt + (new Date(deadlineAt).getTime() - new Date(serverNow).getTime());
  const [now, setNow] = useState(() => Date.now());
  const [warning, setWarning] = useState<number | null>(null);
  const expireRef = useRef(options.onExpire);
  useEffect(() => {
    expireRef.current = options.onExpire;
  });
  const expired = useRef(false);

  useEffect(() => {
    if (deadlineLocal === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const left = deadlineLocal - current;
      const crossed = WARN_AT_MINUTES.filter((m) => left <= m * 60_000 && left > 0);
      if (crossed.length > 0) setWarning(Math.min(...crossed));
      if (left <= 0 && !expired.current) {
        expired.current = true;
        expireRef.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadlineLocal]);

  const msLeft = deadlineLocal === null ? null : Math.max(0, deadlineLocal - now);
  return { msLeft, warning };
}

/** 1:05:09, 4:59, 0:07: hours only when there are some. */
export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${String(h)}:${pad(m)}:${pad(s)}` : `${String(m)}:${pad(s)}`;
}
