import {
  File,
  FingerprintIndex,
  Region,
  TokenizedFile,
  WinnowFilter,
  type Pair,
} from '@dodona/dolos-core';
import type { SimilarityPassage } from '@lantern/db/schema/similarity';

/**
 * The local matcher (decision 0020 §5.3): Dolos's winnowing index over words instead of code.
 * Tokens are Intl.Segmenter's word-like segments (the same segmentation as `countWords`), NFKC
 * and lower-cased, each keeping its part and character range so passages map back to the text.
 * Pairs are built only through shared fingerprints: `allPairs` is O(N²) over a task's works.
 */

export const KGRAM_WORDS = 5;
export const WINDOW = 4;
/** A shared run shorter than this is common phrasing, not copying. */
export const MIN_FRAGMENT_WORDS = 8;
export const MAX_MATCHES = 20;
export const MAX_PASSAGES = 200;

export type WorkInput = {
  key: number;
  /** One string per part (0: typed text, 1…: files by position); empty parts are allowed. */
  parts: { part: number; text: string; sha256: string }[];
};

export type MatchTask = {
  works: WorkInput[];
  /** Text whose phrases are nobody's copying (the task's instructions). */
  ignored: string[];
  /** The works to report on; the others are the corpus. */
  targets: number[];
};

export type MatchFound = {
  key: number;
  /** Share of the target covered by this work, per cent. */
  score: number;
  /** Share of this work covered by the target, per cent. */
  otherScore: number;
  longestWords: number;
  passages: SimilarityPassage[];
};

export type TargetResult = { key: number; words: number; score: number; matches: MatchFound[] };

type Tokens = { tokens: string[]; mapping: Region[] };

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

export function tokenize(text: string, part = 0): Tokens {
  const tokens: string[] = [];
  const mapping: Region[] = [];
  for (const s of segmenter.segment(text)) {
    if (!s.isWordLike) continue;
    tokens.push(s.segment.normalize('NFKC').toLowerCase());
    mapping.push(new Region(part, s.index, part, s.index + s.segment.length));
  }
  return { tokens, mapping };
}

/**
 * Tokens and winnowed fingerprints by text hash: a deadline burst fingerprints each text about
 * once (LRU, 20,000 texts).
 */
type Prepared = Tokens & { hashes: number[] };
const CACHE_LIMIT = 20_000;
const cache = new Map<string, Prepared>();
const winnow = new WinnowFilter(KGRAM_WORDS, WINDOW, false);

function prepare(text: string, sha256: string, part: number): Prepared {
  const key = `${sha256}:${String(part)}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const t = tokenize(text, part);
  const made = { ...t, hashes: winnow.fingerprints(t.tokens).map((f) => f.hash) };
  cache.set(key, made);
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return made;
}

type Work = { key: number; tokens: string[]; mapping: Region[]; hashes: Set<number> };

function prepareWork(work: WorkInput): Work {
  const parts = work.parts.map((p) => prepare(p.text, p.sha256, p.part));
  if (parts.length === 1 && parts[0]) {
    const only = parts[0];
    return {
      key: work.key,
      tokens: only.tokens,
      mapping: only.mapping,
      hashes: new Set(only.hashes),
    };
  }
  const tokens = parts.flatMap((p) => p.tokens);
  const mapping = parts.flatMap((p) => p.mapping);
  // Across parts the k-grams at the seams differ: fingerprint the joined tokens.
  return {
    key: work.key,
    tokens,
    mapping,
    hashes: new Set(winnow.fingerprints(tokens).map((f) => f.hash)),
  };
}

const fileOf = (w: Work) =>
  // The content is not needed: Dolos reads only tokens and their regions.
  new TokenizedFile(new File(String(w.key), ''), w.tokens, w.mapping);

type Span = { start: number; stop: number; aFrom: Region; aTo: Region; bFrom: Region; bTo: Region };

/** Token spans of a pair's fragments of at least MIN_FRAGMENT_WORDS, left side first. */
function spans(pair: Pair): { left: Span[]; right: [number, number][] } {
  const left: Span[] = [];
  const right: [number, number][] = [];
  for (const fragment of pair.buildFragments()) {
    let start = Infinity;
    let stop = -1;
    let rStart = Infinity;
    let rStop = -1;
    for (const p of fragment.pairs) {
      start = Math.min(start, p.left.start);
      stop = Math.max(stop, p.left.stop);
      rStart = Math.min(rStart, p.right.start);
      rStop = Math.max(rStop, p.right.stop);
    }
    if (stop - start + 1 < MIN_FRAGMENT_WORDS) continue;
    const lm = pair.leftFile.mapping;
    const rm = pair.rightFile.mapping;
    left.push({
      start,
      stop,
      aFrom: lm[start] as Region,
      aTo: lm[stop] as Region,
      bFrom: rm[rStart] as Region,
      bTo: rm[rStop] as Region,
    });
    right.push([rStart, rStop]);
  }
  return { left, right };
}

function covered(ranges: [number, number][]): number {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -1;
  for (const [s, e] of sorted) {
    if (e <= end) continue;
    total += e - Math.max(s, end + 1) + 1;
    end = e;
  }
  return total;
}

const pct = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;

/** A passage within one part: one that crosses a part's end keeps its first part. */
function passage(s: Span): SimilarityPassage {
  const aEnd = s.aTo.startRow === s.aFrom.startRow ? s.aTo.endCol : s.aFrom.endCol;
  const bEnd = s.bTo.startRow === s.bFrom.startRow ? s.bTo.endCol : s.bFrom.endCol;
  return [s.aFrom.startRow, s.aFrom.startCol, aEnd, s.bFrom.startRow, s.bFrom.startCol, bEnd];
}

export function matchWorks(task: MatchTask): TargetResult[] {
  const works = task.works.map(prepareWork);
  const n = works.length;
  // Phrases in more than a fifth of a sizeable corpus are the task's vocabulary, not copying.
  const maxFiles = n >= 10 ? Math.max(2, Math.floor(n * 0.2)) : Number.MAX_SAFE_INTEGER;
  const ignored = new Set<number>();
  for (const text of task.ignored)
    for (const f of winnow.fingerprints(tokenize(text).tokens)) ignored.add(f.hash);
  // Which works hold each fingerprint: pairs are found through it, never by trying all pairs.
  const holders = new Map<number, number[]>();
  works.forEach((w, i) => {
    for (const h of w.hashes) {
      const list = holders.get(h);
      if (list) list.push(i);
      else holders.set(h, [i]);
    }
  });
  for (const [h, list] of holders) if (list.length > maxFiles) ignored.add(h);
  const ignoredList = [...ignored];
  const byKey = new Map(works.map((w, i) => [w.key, i]));

  return task.targets.flatMap((key) => {
    const i = byKey.get(key);
    const work = i === undefined ? undefined : works[i];
    if (i === undefined || !work) return [];
    const words = work.tokens.length;
    // A fragment of MIN_FRAGMENT_WORDS spans at least two k-grams: a work sharing fewer than
    // two fingerprints cannot hold one, so it is not paired at all.
    const sharedCount = new Map<number, number>();
    for (const h of work.hashes) {
      if (ignored.has(h)) continue;
      for (const j of holders.get(h) ?? [])
        if (j !== i) sharedCount.set(j, (sharedCount.get(j) ?? 0) + 1);
    }
    const candidates = [...sharedCount].filter(([, c]) => c >= 2).map(([j]) => works[j] as Work);
    if (candidates.length === 0) return [{ key, words, score: 0, matches: [] }];
    const index = new FingerprintIndex(KGRAM_WORDS, WINDOW, false);
    const file = fileOf(work);
    const others = candidates.map(fileOf);
    index.addFiles([file, ...others]);
    index.addIgnoredHashes(ignoredList);
    const matches: (MatchFound & { ranges: [number, number][] })[] = [];
    others.forEach((other, c) => {
      const { left, right } = spans(index.getPair(file, other));
      if (left.length === 0) return;
      const ranges = left.map((s): [number, number] => [s.start, s.stop]);
      matches.push({
        key: (candidates[c] as Work).key,
        score: pct(covered(ranges), words),
        otherScore: pct(covered(right), other.tokens.length),
        longestWords: Math.max(...ranges.map(([s, e]) => e - s + 1)),
        passages: left
          .sort((a, b) => a.start - b.start)
          .slice(0, MAX_PASSAGES)
          .map(passage),
        ranges,
      });
    });
    matches.sort((a, b) => b.score - a.score || b.longestWords - a.longestWords);
    const top = matches.slice(0, MAX_MATCHES);
    const score = pct(covered(top.flatMap((m) => m.ranges)), words);
    return [{ key, words, score, matches: top.map(({ ranges: _ranges, ...m }) => m) }];
  });
}

/** Words of a work inside any of the character ranges `[part, start, end]`, and its words. */
export function coverage(
  parts: { part: number; text: string; sha256: string }[],
  ranges: [number, number, number][],
): { covered: number; total: number } {
  let covered = 0;
  let total = 0;
  for (const p of parts) {
    const mine = ranges.filter((r) => r[0] === p.part).sort((a, b) => a[1] - b[1]);
    const t = prepare(p.text, p.sha256, p.part);
    let r = 0;
    for (const region of t.mapping) {
      total += 1;
      while (r < mine.length && (mine[r] as [number, number, number])[2] <= region.startCol) r += 1;
      const range = mine[r];
      if (range && range[1] <= region.startCol) covered += 1;
    }
  }
  return { covered, total };
}
