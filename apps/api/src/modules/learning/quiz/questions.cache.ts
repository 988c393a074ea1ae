import type { Db } from '@lantern/db/client';
import type { QuestionData } from '@lantern/contracts/quiz';
import { findLiveQuestions, findQuestionVersions } from './quiz-questions.repository';

// Question versions are immutable, and a bank's list of questions changes only with its version
// (raised by any change of a question in it): both are cached in process by their version, so a
// start reads the item, session and attempts and nothing of the banks (decision 0020 §3.4).

export type QuestionVersion = QuestionData & {
  id: number;
  version: number;
  title: string;
  prompt: string;
  generalFeedback: string;
};

const MAX_CACHED = 20_000;
const versions = new Map<string, QuestionVersion>();
const banks = new Map<string, { id: number; version: number }[]>();

const key = (id: number, version: number) => `${String(id)}:${String(version)}`;

function remember<V>(map: Map<string, V>, k: string, v: V) {
  if (map.size >= MAX_CACHED) map.clear();
  map.set(k, v);
}

/** The question versions asked for, from the cache or one read. */
export async function questionVersions(
  db: Db,
  wanted: readonly { id: number; version: number }[],
): Promise<Map<string, QuestionVersion>> {
  const out = new Map<string, QuestionVersion>();
  const missing: { id: number; version: number }[] = [];
  for (const w of wanted) {
    const hit = versions.get(key(w.id, w.version));
    if (hit) out.set(key(w.id, w.version), hit);
    else missing.push(w);
  }
  if (missing.length > 0) {
    const found = await findQuestionVersions(db, missing);
    for (const r of found) {
      const q = {
        id: r.question_id,
        version: r.version,
        kind: r.kind,
        data: r.data,
        title: r.title,
        prompt: r.prompt,
        generalFeedback: r.general_feedback,
      } as QuestionVersion;
      remember(versions, key(r.question_id, r.version), q);
      out.set(key(r.question_id, r.version), q);
    }
  }
  return out;
}

export const versionKey = key;

/** The live questions of a bank at its version (id and current version), cached by it. */
export async function bankQuestions(
  db: Db,
  bankId: number,
  bankVersion: number,
): Promise<{ id: number; version: number }[]> {
  const k = key(bankId, bankVersion);
  const hit = banks.get(k);
  if (hit) return hit;
  const list = await findLiveQuestions(db, bankId);
  remember(banks, k, list);
  return list;
}
