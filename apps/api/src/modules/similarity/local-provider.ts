import type { Db } from '@lantern/db/client';
import { corpusRows, itemBody } from './similarity-corpus.repository';
import { matchInPool } from './pool';
import type { SimilarityProvider } from './provider';
import type { WorkInput } from './winnow';
import { sha256Hex } from './hash';

/**
 * The corpus of a check: the latest handed-in attempt of every other learner on the same item
 * (an item belongs to one course run), each with its parts' text.
 */
export async function loadCorpus(
  db: Db,
  itemId: number,
  studentId: number | null,
): Promise<WorkInput[]> {
  const found = await corpusRows(db, itemId, studentId);
  const works = new Map<number, WorkInput>();
  for (const r of found) {
    let w = works.get(r.submission_id);
    if (!w) {
      w = { key: r.submission_id, parts: [] };
      works.set(r.submission_id, w);
    }
    if (r.part !== null && r.text !== null && r.sha256 !== null)
      w.parts.push({ part: r.part, text: r.text, sha256: r.sha256 });
    // A typed answer not yet read by its own check is taken as it is.
    else if (r.typed) w.parts.push({ part: 0, text: r.typed, sha256: sha256Hex(r.typed) });
  }
  return [...works.values()].filter((w) => w.parts.length > 0);
}

/** The task's instructions, whose phrases are nobody's copying. */
export async function loadInstructions(db: Db, itemId: number): Promise<string[]> {
  const body = await itemBody(db, itemId);
  // The body is sanitised HTML: its tags are no words of the instructions.
  const text = (body ?? '').replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
  return text.trim() ? [text] : [];
}

/** Word-shingle winnowing over the works of the same task (decision 0020 §5.3), in a thread. */
export function localProvider(db: Db): SimilarityProvider {
  return {
    name: 'local',
    check: async (input) => {
      const [corpus, ignored] = await Promise.all([
        loadCorpus(db, input.itemId, input.studentId),
        loadInstructions(db, input.itemId),
      ]);
      const own = { key: input.submissionId, parts: input.texts };
      const { results } = await matchInPool({
        works: [own, ...corpus.filter((w) => w.key !== input.submissionId)],
        ignored,
        targets: [input.submissionId],
      });
      const result = results[0];
      if (!result) throw new Error('The matcher gave no answer for this work.');
      return {
        status: 'done',
        score: result.score,
        words: result.words,
        matches: result.matches.map((m) => ({
          otherSubmissionId: m.key,
          score: m.score,
          otherScore: m.otherScore,
          longestWords: m.longestWords,
          passages: m.passages,
        })),
      };
    },
  };
}
