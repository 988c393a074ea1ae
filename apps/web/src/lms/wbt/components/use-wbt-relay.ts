import { useEffect, useRef, useState, type RefObject } from 'react';
import type { WbtCommitResult, WbtLaunch } from '@lantern/contracts/wbt';
import { recordError } from '../../../lib/app-store';
import { sendCommits } from '../api/send-commits';
import { CommitQueue } from '../relay/commit-queue';
import { CommitSender, FLUSH_EVERY_MS, type SendState } from '../relay/commit-sender';
import { WbtRelay } from '../relay/relay';

/** The launch path of a SCO: its href with the manifest's parameters. */
export const scoHref = (launch: WbtLaunch, sco: number): string => {
  const entry = launch.scos.find((s) => s.index === sco) ?? launch.scos[0];
  if (!entry) return 'index.html';
  const { href, parameters } = entry;
  if (!parameters) return href;
  return /^[?#]/.test(parameters) ? `${href}${parameters}` : `${href}?${parameters}`;
};

/**
 * Binds the frame of a launch to the relay: commits go to the user's durable queue and on to
 * the server (at once, on `online`, when the tab is hidden or shown, every 10 s, and in keepalive
 * requests as the page goes away). `userId` null: nothing is tracked (a public training).
 */
export function useWbtRelay({
  frameRef,
  launch,
  sco,
  userId,
  onNavigate,
  onCommitted,
  onPlayerReload,
  onTerminate,
}: {
  frameRef: RefObject<HTMLIFrameElement | null>;
  launch: WbtLaunch | null;
  sco: number;
  userId: number | null;
  onNavigate: (sco: number) => void;
  onCommitted: (result: WbtCommitResult) => void;
  onPlayerReload: () => void;
  /** A part's session ended (LMSFinish / Terminate). */
  onTerminate?: (sco: number) => void;
}): SendState {
  const [state, setState] = useState<SendState>('saved');
  const relayRef = useRef<WbtRelay | null>(null);
  const latest = useRef({ onNavigate, onCommitted, onPlayerReload, onTerminate });
  useEffect(() => {
    latest.current = { onNavigate, onCommitted, onPlayerReload, onTerminate };
  });

  // Only a normal launch records; a review or a browse launch answers the player and no more.
  const tracked = launch !== null && userId !== null && launch.mode === 'normal';
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || !tracked) return;
    const queue = new CommitQueue(userId, window.localStorage);
    const sender = new CommitSender({
      queue,
      send: async (attemptId, commits, options) => {
        const result = await sendCommits(
          attemptId,
          commits.map(({ attemptId: _a, ...commit }) => commit),
          options,
        );
        latest.current.onCommitted(result);
        return result;
      },
      onDropped: (error) =>
        recordError(`Training progress refused: ${error instanceof Error ? error.message : ''}`),
    });
    setState(sender.getState());
    const unsubscribe = sender.subscribe(setState);
    const relay = new WbtRelay({
      win: window,
      frame,
      tracking: { queue, sender },
      onNavigate: (next) => latest.current.onNavigate(next),
      onPlayerReload: () => latest.current.onPlayerReload(),
      onTerminate: (finished) => latest.current.onTerminate?.(finished),
    });
    relayRef.current = relay;
    const flush = () => void sender.flush();
    const onVisibility = () =>
      document.visibilityState === 'hidden' ? sender.flushOnExit() : flush();
    const onPageHide = () => sender.flushOnExit();
    window.addEventListener('online', flush);
    window.addEventListener('offline', flush);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    const timer = window.setInterval(flush, FLUSH_EVERY_MS);
    // Whatever an earlier page left unsent goes first.
    flush();
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', flush);
      window.removeEventListener('offline', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      unsubscribe();
      relay.stop();
      relayRef.current = null;
      // Leaving the page within the app: one more try, the queue keeps the rest.
      void sender.flush().finally(() => sender.stop());
    };
  }, [frameRef, tracked, userId]);

  // A page that tracks nothing still answers the player's `ready` with the launch.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || tracked || !launch) return;
    const relay = new WbtRelay({
      win: window,
      frame,
      tracking: null,
      onNavigate: (next) => latest.current.onNavigate(next),
    });
    relayRef.current = relay;
    return () => {
      relay.stop();
      relayRef.current = null;
    };
  }, [frameRef, tracked, launch]);

  useEffect(() => {
    const relay = relayRef.current;
    if (!relay || !launch) return;
    relay.setLaunch(
      {
        // A review shows the finished attempt's values; only a normal launch names it.
        attemptId: launch.mode === 'normal' ? (launch.attempt?.id ?? null) : null,
        launchNo: launch.launchNo,
        standard: launch.standard,
        sco,
        href: scoHref(launch, sco),
        contentBase: launch.contentBase,
        cmi: launch.cmi[String(sco)] ?? {},
        learner: launch.learner,
        // The runtime plays a review as a browse: nothing it commits is kept.
        mode: launch.mode === 'normal' ? 'normal' : 'browse',
        credit: launch.credit,
        contentOrigin: launch.contentOrigin,
        scoCount: launch.scos.length,
      },
      // A later SCO of the same launch goes to the player that is already running.
      sco !== launch.startSco,
    );
  }, [launch, sco, tracked]);

  return state;
}
