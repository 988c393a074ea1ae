/**
 * The shape of the similarity checks' dispatch (decision 0020 §5.2), which the app's deps carry;
 * the similarity module makes it (modules/similarity/dispatch.ts).
 */

export type SimilarityQueue = {
  check: (checkIds: number[]) => Promise<void>;
  task: (itemId: number) => Promise<void>;
  poll: (checkId: number, step: number) => Promise<void>;
};

export type SimilarityRunners = {
  /** Runs one check; `final` on its last try. */
  check: (checkId: number, final: boolean) => Promise<unknown>;
  /** Runs every queued check of a task together (an admin's recheck). */
  task: (itemId: number) => Promise<unknown>;
  /** Asks about a pending check: true while still pending. */
  poll: (checkId: number) => Promise<boolean>;
  giveUp: (checkId: number) => Promise<void>;
};

export type SimilarityDispatch = {
  dispatch: (checkIds: number[]) => void;
  dispatchTask: (itemId: number) => void;
  poll: (checkId: number, step: number) => void;
  setQueue: (queue: SimilarityQueue) => void;
  setRunners: (runners: SimilarityRunners) => void;
  /** Resolves when nothing started in this process is running (tests, shutdown). */
  idle: () => Promise<void>;
};
