import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { QuestionData, QuestionKind } from '@lantern/contracts/quiz';
import { intArray, rows } from '../../../lib/sql';

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

type VersionRow = {
  question_id: number;
  version: number;
  kind: QuestionKind;
  title: string;
  prompt: string;
  data: unknown;
  general_feedback: string;
};

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
    const found = await rows<VersionRow>(
      db,
      sql`select v.question_id, v.version, v.kind, v.title, v.prompt, v.data, v.general_feedback
          from question_versions v
          join unnest(${intArray(missing.map((m) => m.id))}, ${intArray(missing.map((m) => m.version))})
            as w(id, version) on w.id = v.question_id and w.version = v.version`,
    );
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
  const list = await rows<{ id: number; version: number }>(
    db,
    sql`select id, version from questions where bank_id = ${bankId} and deleted_at is null order by id`,
  );
  remember(banks, k, list);
  return list;
}
