import { playerMessageSchema, type AppMessage } from '@lantern/contracts/wbt';
import {
  parseRelayMessage,
  WBT_RELAY_VERSION,
  type PlayerInit,
} from '@lantern/contracts/wbt-relay';
import type { CommitQueue } from './commit-queue';
import type { CommitSender } from './commit-sender';

/** One launch as the relay binds it: the attempt every commit of the frame is written to. */
export type RelayLaunch = Omit<PlayerInit, 'v' | 'type'> & {
  /** The content origin the frame is served from (`event.origin` must be exactly this). */
  contentOrigin: string;
  /** The SCOs of the package: a commit for another index is dropped. */
  scoCount: number;
};

type RelayOptions = {
  win: Window;
  frame: HTMLIFrameElement;
  /** Where commits go; null for a page that tracks nothing (a public training). */
  tracking: { queue: CommitQueue; sender: CommitSender } | null;
  onNavigate?: (sco: number) => void;
  /** A part's session ended (the SCO called LMSFinish / Terminate): the page shows what is next. */
  onTerminate?: (sco: number) => void;
  onPlayerError?: (code: string) => void;
  /** The player started again within a launch (its sequence numbers would start again too):
   * the page asks for a new launch instead of handing it the old one. */
  onPlayerReload?: () => void;
};

/**
 * The app's end of the player (decision 0020 §2.4): the only messages read are those from the
 * launch's content origin and from the frame's own window, parsed with the relay schemas;
 * commits are bound to the launch's attempt (the player never names one), queued durably and
 * acknowledged; messages to the player name its origin, never '*'.
 */
export class WbtRelay {
  private launch: RelayLaunch | null = null;
  /** The launch whose `init` the player has had. */
  private initialised: number | null = null;
  /** Whether the player has said `ready`: from then on a new part goes to it at once. */
  private playerReady = false;
  private readonly options: RelayOptions;

  constructor(options: RelayOptions) {
    this.options = options;
    options.win.addEventListener('message', this.onMessage);
  }

  /** Plays `launch` in the frame: the player asks for it with `ready`, or gets it now. */
  setLaunch(launch: RelayLaunch, playerReady = false): void {
    if (this.launch?.launchNo !== launch.launchNo) this.initialised = null;
    this.launch = launch;
    if (playerReady || this.playerReady) this.sendInit();
  }

  private post(message: AppMessage): void {
    const target = this.options.frame.contentWindow;
    if (!target || !this.launch) return;
    target.postMessage(message, this.launch.contentOrigin);
  }

  private sendInit(): void {
    const launch = this.launch;
    if (!launch) return;
    const { contentOrigin: _origin, scoCount: _count, ...init } = launch;
    this.initialised = launch.launchNo;
    this.post({ v: WBT_RELAY_VERSION, type: 'init', ...init });
  }

  private readonly onMessage = (event: MessageEvent): void => {
    const launch = this.launch;
    if (!launch) return;
    if (event.origin !== launch.contentOrigin) return;
    if (event.source === null || event.source !== this.options.frame.contentWindow) return;
    const message = parseRelayMessage(playerMessageSchema, event.data);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        this.playerReady = true;
        if (this.initialised === launch.launchNo && launch.mode === 'normal') {
          this.options.onPlayerReload?.();
          return;
        }
        this.sendInit();
        return;
      case 'commit': {
        const tracking = this.options.tracking;
        if (!tracking || launch.attemptId === null || launch.mode !== 'normal') return;
        if (message.launchNo !== launch.launchNo || message.sco >= launch.scoCount) return;
        const state = tracking.queue.enqueue(launch.attemptId, message);
        if (state === 'duplicate') return;
        this.post({ v: WBT_RELAY_VERSION, type: 'ack', seq: message.seq, state });
        void tracking.sender.flush();
        if (message.terminate) this.options.onTerminate?.(message.sco);
        return;
      }
      case 'navigate':
        if (message.sco < launch.scoCount) this.options.onNavigate?.(message.sco);
        return;
      case 'error':
        this.options.onPlayerError?.(message.code);
        return;
    }
  };

  stop(): void {
    this.options.win.removeEventListener('message', this.onMessage);
    this.launch = null;
  }
}
