import type { SubmissionTextSource } from '@lantern/contracts/similarity-enums';
import { createWorkerPool, type WorkerPool } from '../../lib/worker-pool';
import type { Extracted } from './extract';
import type { MatchTask, TargetResult } from './winnow';

export type SimilarityTask =
  | { op: 'extract'; source: SubmissionTextSource; bytes: Uint8Array }
  | { op: 'match'; task: MatchTask }
  | { op: 'cover'; parts: CoverParts; ranges: [number, number, number][] };

type CoverParts = { part: number; text: string; sha256: string }[];

export type MatchAnswer = { results: TargetResult[]; ms: number };

/** 60 s per task: a thread past it is replaced, and the check fails or retries (0020 §5.2). */
export const SIMILARITY_TIMEOUT_MS = 60_000;

let pool: WorkerPool<SimilarityTask, unknown> | null = null;
let size = 2;

/** The thread count (LANTERN_SIMILARITY_THREADS); read when the pool first starts. */
export function setSimilarityThreads(threads: number): void {
  size = threads;
}

function get(): WorkerPool<SimilarityTask, unknown> {
  pool ??= createWorkerPool<SimilarityTask, unknown>({
    name: 'similarity',
    built: 'similarity-worker.mjs',
    source: new URL('./similarity.worker.ts', import.meta.url),
    size,
    timeoutMs: SIMILARITY_TIMEOUT_MS,
  });
  return pool;
}

export async function extractInPool(
  source: SubmissionTextSource,
  bytes: Uint8Array,
): Promise<Extracted> {
  // A copy of its own to hand over: the caller's bytes may share a pooled buffer.
  const own = new Uint8Array(bytes);
  return (await get().run({ op: 'extract', source, bytes: own }, [own.buffer])) as Extracted;
}

export async function matchInPool(task: MatchTask): Promise<MatchAnswer> {
  return (await get().run({ op: 'match', task })) as MatchAnswer;
}

export async function closeSimilarityPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}

/** The share of a work inside its matched passages (a reverse match's new score). */
export async function coverInPool(
  parts: CoverParts,
  ranges: [number, number, number][],
): Promise<{ covered: number; total: number }> {
  return (await get().run({ op: 'cover', parts, ranges })) as { covered: number; total: number };
}
