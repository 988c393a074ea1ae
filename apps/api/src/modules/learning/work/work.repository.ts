import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { rows, textArray } from '../../../lib/sql';

export type AttemptRow = {
  id: number;
  client_id: string;
  attempt: number;
  status: 'draft' | 'submitted';
  text: string | null;
  word_count: number;
  late: boolean;
  submitted_at: Date | string | null;
  updated_at: Date | string;
  version: number;
};

const ATTEMPT_COLUMNS = sql`s.id::int as id, s.client_id::text as client_id, s.attempt, s.status, s.text,
  s.word_count, s.late, s.submitted_at, s.updated_at, s.version`;

/** A learner's attempts at a task, first to last. */
export function findAttempts(db: Db, itemId: number, studentId: number): Promise<AttemptRow[]> {
  return rows<AttemptRow>(
    db,
    sql`select ${ATTEMPT_COLUMNS} from submissions s
        where s.item_id = ${itemId} and s.student_id = ${studentId} order by s.attempt`,
  );
}

export async function findAttemptByClientId(
  db: Db,
  clientId: string,
): Promise<(AttemptRow & { item_id: number; student_id: number }) | null> {
  const [row] = await rows<AttemptRow & { item_id: number; student_id: number }>(
    db,
    sql`select ${ATTEMPT_COLUMNS}, s.item_id, s.student_id from submissions s where s.client_id = ${clientId}::uuid`,
  );
  return row ?? null;
}

/** The latest attempt, locked for the rest of the transaction. */
export async function lockLatest(
  tx: Db,
  itemId: number,
  studentId: number,
): Promise<AttemptRow | null> {
  const [row] = await rows<AttemptRow>(
    tx,
    sql`select ${ATTEMPT_COLUMNS} from submissions s
        where s.item_id = ${itemId} and s.student_id = ${studentId} and s.is_latest for update`,
  );
  return row ?? null;
}

export type FileRow = {
  submission_id: number;
  file_id: string;
  name: string;
  size: number;
  mime: string;
};

export function findAttemptFiles(db: Db, submissionIds: number[]): Promise<FileRow[]> {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return rows<FileRow>(
    db,
    sql`select sf.submission_id::int as submission_id, sf.file_id::text as file_id, sf.name, f.size, f.mime
        from submission_files sf join files f on f.id = sf.file_id
        where sf.submission_id = any(${`{${submissionIds.join(',')}}`}::bigint[])
        order by sf.submission_id, sf.position`,
  );
}

export type DecisionRow = {
  submission_id: number;
  outcome: 'graded' | 'returned';
  points: string | number | null;
  max_points: string | number;
  comment: string | null;
  published_at: Date | string | null;
  /** An open undo-publish or grade-change request on the current grade (decision 0021 §2.3). */
  under_review: boolean;
};

/** That an open request exists for the grade `g` (the open-request index). */
export const UNDER_REVIEW = sql`exists (select 1 from grade_requests gr
  where gr.course_id = g.course_id and gr.student_id = g.student_id
    and coalesce(gr.item_id, 0) = g.item_id and gr.state = 'open')`;

/**
 * The published decision on each attempt: the current grade for the attempt it judges, and for
 * earlier attempts the last published state in their grade events (the comment being the last
 * one written for that attempt).
 */
export function findDecisions(db: Db, itemId: number, studentId: number): Promise<DecisionRow[]> {
  return rows<DecisionRow>(
    db,
    sql`select g.submission_id::int as submission_id, g.outcome, g.points, g.max_points, g.comment, g.published_at,
          ${UNDER_REVIEW} as under_review
        from grades g
        where g.item_id = ${itemId} and g.student_id = ${studentId} and g.is_published and g.submission_id is not null
        union all
        select * from (
          select distinct on (e.submission_id) e.submission_id::int, e.new_outcome, e.new_points, e.max_points,
                 (select c.comment from grade_events c where c.submission_id = e.submission_id
                    and c.student_id = ${studentId} and c.comment is not null order by c.id desc limit 1),
                 e.at, false
          from grade_events e
          where e.item_id = ${itemId} and e.student_id = ${studentId} and e.new_published
            and e.submission_id is not null and e.new_outcome is not null
            -- The current grade's attempt shows only while published: an approved undo-publish
            -- takes it from the learner's view until it is published again (decision 0021 §2.3).
            and e.submission_id is distinct from (select g2.submission_id from grades g2
                where g2.item_id = ${itemId} and g2.student_id = ${studentId})
          order by e.submission_id, e.id desc
        ) older`,
  );
}

export type UploadRefRow = {
  ref: string;
  file_id: string;
  name: string;
  size: number;
  mime: string;
};

/** Completed submission uploads of the learner for this task, by upload id. */
export function findOwnUploads(
  db: Db,
  uploadIds: string[],
  itemId: number,
  ownerId: number,
): Promise<UploadRefRow[]> {
  if (uploadIds.length === 0) return Promise.resolve([]);
  return rows<UploadRefRow>(
    db,
    sql`select u.id::text as ref, f.id::text as file_id, u.filename as name, f.size, f.mime
        from uploads u join files f on f.id = u.file_id
        where u.id = any(${textArray(uploadIds)}::uuid[]) and u.owner_id = ${ownerId}
          and u.purpose = 'submission' and u.item_id = ${itemId} and u.completed_at is not null`,
  );
}

/** Files already in one of the learner's attempts at this task (kept in a new draft), by file id. */
export function findOwnAttemptFiles(
  db: Db,
  fileIds: string[],
  itemId: number,
  studentId: number,
): Promise<UploadRefRow[]> {
  if (fileIds.length === 0) return Promise.resolve([]);
  return rows<UploadRefRow>(
    db,
    sql`select distinct on (f.id) f.id::text as ref, f.id::text as file_id, sf.name, f.size, f.mime
        from submission_files sf join submissions s on s.id = sf.submission_id
        join files f on f.id = sf.file_id
        where sf.file_id = any(${textArray(fileIds)}::uuid[]) and s.item_id = ${itemId}
          and s.student_id = ${studentId}
        order by f.id, sf.added_at desc`,
  );
}

export async function replaceFiles(
  tx: Db,
  submissionId: number,
  files: { fileId: string; name: string }[],
): Promise<void> {
  await tx.execute(sql`delete from submission_files where submission_id = ${submissionId}`);
  if (files.length === 0) return;
  await tx.execute(
    sql`insert into submission_files (submission_id, file_id, name, position)
        select ${submissionId}, f.file_id::uuid, f.name, f.position
        from unnest(${textArray(files.map((f) => f.fileId))}, ${textArray(files.map((f) => f.name))})
          with ordinality as f(file_id, name, position)`,
  );
}

export async function countFiles(tx: Db, submissionId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from submission_files where submission_id = ${submissionId}`,
  );
  return row?.n ?? 0;
}

/**
 * A resource the learner sees now (released unit, visible item, in one of their courses), which
 * they may mark done; undefined otherwise.
 */
export async function findMarkableResource(
  db: Db,
  itemId: number,
  studentId: number,
  now: Date,
): Promise<{ kind: string } | undefined> {
  const [item] = await rows<{ kind: string }>(
    db,
    sql`select i.kind from learning_items i join learning_units u on u.id = i.unit_id
        where i.id = ${itemId} and i.deleted_at is null and u.deleted_at is null
          and i.is_published and u.status <> 'draft' and (u.opens_at is null or u.opens_at <= ${now.toISOString()}::timestamptz)
          and i.kind = 'resource'
          and exists (select 1 from course_learners cl where cl.course_id = i.course_id and cl.student_id = ${studentId})
          and coalesce((select d.visible_from from item_class_dates d join course_learners cl
                          on cl.class_id = d.class_id and cl.course_id = i.course_id and cl.student_id = ${studentId}
                        where d.item_id = i.id limit 1), i.visible_from, '-infinity') <= ${now.toISOString()}::timestamptz`,
  );
  return item;
}

/** Stamps the learner's published grade of the task seen (decision 0021 §2.5). */
export async function markGradeSeen(db: Db, itemId: number, studentId: number): Promise<void> {
  await db.execute(
    sql`update grades set learner_seen_at = now()
        where item_id = ${itemId} and student_id = ${studentId} and is_published
          and learner_seen_at is null`,
  );
}

export type DraftValues = {
  text: string | null;
  words: number;
  itemVersion: number;
  savedAt: string | null;
};

/** Saves the text of a draft attempt. */
export async function updateDraft(tx: Db, submissionId: number, d: DraftValues): Promise<void> {
  await tx.execute(
    sql`update submissions set text = ${d.text}, word_count = ${d.words}, item_version = ${d.itemVersion},
          client_saved_at = ${d.savedAt}::timestamptz, version = version + 1, updated_at = now()
        where id = ${submissionId}`,
  );
}

/**
 * Starts a new attempt as a draft, taking is_latest from the previous one in the same
 * statement; null when the client id is taken already.
 */
export async function insertDraftAttempt(
  tx: Db,
  a: {
    clientId: string;
    itemId: number;
    studentId: number;
    courseId: number;
    attempt: number;
    previousId: number | null;
  },
  d: DraftValues,
): Promise<number | null> {
  const [created] = await rows<{ id: number }>(
    tx,
    sql`with old as (
          update submissions set is_latest = false, updated_at = now()
          where id = ${a.previousId}::bigint returning id
        )
        insert into submissions (client_id, item_id, student_id, course_id, attempt, status, is_latest,
                                 text, word_count, item_version, client_saved_at)
        select ${a.clientId}::uuid, ${a.itemId}, ${a.studentId}, ${a.courseId}, ${a.attempt}, 'draft', true,
               ${d.text}, ${d.words}, ${d.itemVersion}, ${d.savedAt}::timestamptz
        from (select count(*) from old) moved
        on conflict (client_id) do nothing
        returning id::int as id`,
  );
  return created ? created.id : null;
}

/** Hands in a draft still at `version`; null when it changed meanwhile. */
export async function markSubmitted(
  tx: Db,
  draftId: number,
  version: number,
  s: { at: Date; late: boolean; itemVersion: number },
): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`update submissions set status = 'submitted', submitted_at = ${s.at.toISOString()}::timestamptz,
          late = ${s.late}, item_version = ${s.itemVersion}, version = version + 1, updated_at = now()
        where id = ${draftId} and status = 'draft' and version = ${version}
        returning id::int as id`,
  );
  return row ? row.id : null;
}
