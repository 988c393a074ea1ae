import { appMessageSchema, type PlayerMessage } from '@lantern/contracts/wbt';
import {
  parseRelayMessage,
  WBT_RELAY_VERSION,
  type PlayerInit,
} from '@lantern/contracts/wbt-relay';
import { changedValues, commitValues, startingValues } from './commits';

/** The part of scorm-again's API the player uses (Scorm12API and Scorm2004API alike). */
export type RuntimeApi = {
  loadFromFlattenedJSON: (json: Record<string, string>, CMIElement?: string) => void;
  isInitialized: () => boolean;
  isTerminated: () => boolean;
};

/** scorm-again's IHttpService, as far as the player fills it. */
export type RelayHttpService = {
  processHttpRequest: (
    url: string,
    params: unknown,
    immediate: boolean,
    ...rest: unknown[]
  ) => { result: boolean; errorCode: number };
  updateSettings: () => void;
};

/** Builds the runtime for a SCO, with the player's settings and commit transport. */
export type RuntimeFactory = (httpService: RelayHttpService) => RuntimeApi;

/** SCORM's "general commit failure": the SCO is told its data was not taken. */
const COMMIT_REFUSED = 391;

/** The settings every runtime gets (decision 0020 §2.4). */
export const RUNTIME_SETTINGS = {
  autocommit: true,
  autocommitSeconds: 30,
  sendFullCommit: false,
  includeCommitSequence: true,
  enableOfflineSupport: false,
  // Never requested: the injected service hands the commit to the app instead.
  lmsCommitUrl: '/relay',
  dataCommitFormat: 'flattened',
  logLevel: 5,
} as const;

type PlayerOptions = {
  win: Window;
  doc: Document;
  /** The window.API / window.API_1484_11 name the SCO looks for. */
  globalName: 'API' | 'API_1484_11';
  createRuntime: RuntimeFactory;
};

/**
 * Runs the player page: says `ready` to the app, plays the SCO each `init` names inside the
 * content origin, and relays the runtime's commits to the app. Only messages from the app's
 * origin and from the parent window are read; every message sent names that origin.
 */
export function startPlayer({ win, doc, globalName, createRuntime }: PlayerOptions): () => void {
  const appOrigin = doc
    .querySelector<HTMLMetaElement>('meta[name="lantern-app-origin"]')
    ?.content.trim();
  const status = doc.getElementById('player-status');
  const frame = doc.getElementById('sco') as HTMLIFrameElement | null;
  if (!appOrigin || !URL.canParse(appOrigin) || !frame || win.parent === win) {
    if (status) status.textContent = 'This training can only be opened from Lantern.';
    return () => undefined;
  }
  const parent = win.parent;
  const post = (message: PlayerMessage) => parent.postMessage(message, appOrigin);

  let launch: PlayerInit | null = null;
  let handedOver: Record<string, string> = {};
  let seq = 0;
  let queueFull = false;
  let resendAll = false;
  let launchNoPlayed = -1;

  const httpService: RelayHttpService = {
    processHttpRequest(_url, params, immediate) {
      const current = launch;
      if (!current) return { result: false, errorCode: COMMIT_REFUSED };
      // A browse launch (preview, public) tracks nothing.
      if (current.attemptId === null || current.mode === 'browse')
        return { result: true, errorCode: 0 };
      const values = commitValues(params);
      const chunks = changedValues(values, resendAll ? {} : handedOver, current.standard);
      resendAll = false;
      chunks.forEach((chunk, index) => {
        seq += 1;
        post({
          v: WBT_RELAY_VERSION,
          type: 'commit',
          launchNo: current.launchNo,
          seq,
          sco: current.sco,
          values: chunk,
          terminate: immediate && index === chunks.length - 1,
        });
      });
      handedOver = { ...handedOver, ...values };
      if (immediate && current.standard === 'scorm2004') {
        const request = values['adl.nav.request'];
        if (request === 'continue' || request === 'previous')
          post({
            v: WBT_RELAY_VERSION,
            type: 'navigate',
            sco: Math.max(0, current.sco + (request === 'continue' ? 1 : -1)),
          });
      }
      return queueFull
        ? { result: false, errorCode: COMMIT_REFUSED }
        : { result: true, errorCode: 0 };
    },
    updateSettings() {
      // The settings are fixed when the runtime is built.
    },
  };

  const play = (init: PlayerInit) => {
    const target = new URL(init.href, init.contentBase);
    // The SCO must be a file of this package on this origin.
    if (target.origin !== win.location.origin || !target.href.startsWith(init.contentBase)) {
      post({ v: WBT_RELAY_VERSION, type: 'error', code: 'BAD_HREF' });
      return;
    }
    launch = init;
    handedOver = { ...init.cmi };
    queueFull = false;
    resendAll = false;
    // A new launch numbers its commits from 1; another SCO of the same launch goes on counting.
    if (init.launchNo !== launchNoPlayed) seq = 0;
    launchNoPlayed = init.launchNo;
    const runtime = createRuntime(httpService);
    runtime.loadFromFlattenedJSON(startingValues(init), '');
    Object.assign(win, { [globalName]: runtime });
    frame.src = target.href;
    frame.hidden = false;
    if (status) status.hidden = true;
  };

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== appOrigin || event.source !== parent) return;
    const message = parseRelayMessage(appMessageSchema, event.data);
    if (!message) return;
    if (message.type === 'ack') {
      queueFull = message.state === 'queue_full';
      // What the app could not keep is handed over again, whole, with the next commit.
      if (queueFull) resendAll = true;
      return;
    }
    if (launch && message.launchNo === launch.launchNo && message.sco === launch.sco) return;
    // Another SCO: the current one is unloaded first, so it finishes against its own runtime.
    if (frame.src && frame.src !== 'about:blank') {
      frame.addEventListener('load', () => play(message), { once: true });
      frame.src = 'about:blank';
    } else {
      play(message);
    }
  };

  win.addEventListener('message', onMessage);
  post({ v: WBT_RELAY_VERSION, type: 'ready' });
  return () => win.removeEventListener('message', onMessage);
}
