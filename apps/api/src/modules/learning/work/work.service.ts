import {
  FILE_TYPE_LABELS,
  FILE_TYPE_MIMES,
  submissionFileRules,
  type SubmissionFileRules,
  type TextTaskSettings,
} from '@lantern/contracts/learning-kinds';
import { voiceTaskSettingsSchema } from '@lantern/contracts/voice';
import type { TaskState } from '@lantern/contracts/learning-enums';
import type {
  Attempt,
  DraftInput,
  MyWork,
  SubmitInput,
  TaskSettingsView,
} from '@lantern/contracts/learning-work';
import { countWords, NOT_ENOUGH_WORDS, wordBoundsProblem } from '@lantern/contracts/words';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { audit } from '../../../lib/audit';
import { assertMaySubmit, loadSubmitContext, type SubmitContext } from '../learner-policy/public';
import { withImageLinks } from '../content/public';
import { recordCompletion } from './progress.repository';
import { iso, isoOrNull } from '../../../lib/dates';
import * as repo from './work.repository';
import { queueCheck } from '../../similarity/public';

export const IMPERSONATING = () =>
  new AppError(403, 'IMPERSONATING', 'Work can only be handed in by the student themselves.');

const stale = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Your answer was changed on another device or tab. Both versions are shown: keep one and save again.',
  );

// ---- the learner's work on a task ----

function settingsView(c: SubmitContext): TaskSettingsView {
  if (c.kind === 'text_task') {
    const s = c.settings as TextTaskSettings;
    return {
      minWords: s.minWords ?? null,
      maxWords: s.maxWords ?? null,
      maxAttempts: s.maxAttempts ?? null,
      accept: [],
      maxFiles: null,
      maxFileBytes: null,
      maxSeconds: null,
      allowFile: false,
    };
  }
  const rules = submissionFileRules(c.kind, c.settings);
  const voice = c.kind === 'voice_task' ? voiceTaskSettingsSchema.safeParse(c.settings) : null;
  return {
    minWords: null,
    maxWords: null,
    maxAttempts: (c.settings as { maxAttempts?: number | null }).maxAttempts ?? null,
    accept: rules?.accept ?? [],
    maxFiles: rules?.maxFiles ?? null,
    maxFileBytes: rules?.maxFileBytes ?? null,
    maxSeconds: voice?.success ? voice.data.maxSeconds : null,
    allowFile: voice?.success ? voice.data.allowFile : false,
  };
}

function taskState(attempts: Attempt[]): TaskState {
  const latest = attempts.at(-1);
  if (!latest) return 'not_started';
  if (latest.status === 'draft') return 'draft';
  return latest.decision?.outcome ?? 'submitted';
}

async function loadAttempts(deps: Deps, itemId: number, studentId: number): Promise<Attempt[]> {
  const attempts = await repo.findAttempts(deps.db, itemId, studentId);
  const [files, decisions] = await Promise.all([
    repo.findAttemptFiles(
      deps.db,
      attempts.map((a) => a.id),
    ),
    repo.findDecisions(deps.db, itemId, studentId),
  ]);
  return attempts.map((a) => toAttempt(deps, a, files, decisions));
}

function toAttempt(
  deps: Deps,
  a: repo.AttemptRow,
  files: repo.FileRow[],
  decisions: repo.DecisionRow[],
): Attempt {
  const d = decisions.find((x) => x.submission_id === a.id);
  return {
    id: a.id,
    clientId: a.client_id,
    attempt: a.attempt,
    status: a.status,
    text: a.text,
    wordCount: a.word_count,
    late: a.late,
    submittedAt: isoOrNull(a.submitted_at),
    updatedAt: iso(a.updated_at),
    version: a.version,
    files: files
      .filter((f) => f.submission_id === a.id)
      .map((f) => ({
        fileId: f.file_id,
        name: f.name,
        size: f.size,
        mime: f.mime,
        url: deps.files.signedUrl(f.file_id),
      })),
    decision: d
      ? {
          outcome: d.outcome,
          points: d.points === null ? null : Number(d.points),
          maxPoints: Number(d.max_points),
          comment: d.comment,
          publishedAt: isoOrNull(d.published_at),
          underReview: d.under_review,
        }
      : null,
  };
}

/** The task as its learner sees it: their attempts, decisions, and why they cannot hand in. */
export async function getMyWork(deps: Deps, auth: AuthContext, itemId: number): Promise<MyWork> {
  if (!auth.rights.has('SUBMISSION__CREATE')) throw notFound('The task');
  const c = await loadSubmitContext(deps.db, auth, itemId);
  const attempts = await loadAttempts(deps, itemId, auth.user.jwlId);
  const latest = attempts.at(-1) ?? null;
  // The learner's own read of a published grade stamps it seen (decision 0021 §2.5).
  if (!auth.impersonating && attempts.some((a) => a.decision !== null))
    await repo.markGradeSeen(deps.db, itemId, auth.user.jwlId);
  return {
    task: {
      id: c.itemId,
      kind: c.kind,
      title: c.title,
      // Course images are stored as `lantern-file:` ids; the learner's browser needs signed links.
      body: await withImageLinks(deps, c.body),
      course: { id: c.courseId, code: c.courseCode, title: c.courseTitle },
      unit: { id: c.unitId, title: c.unitTitle },
      delivery: c.delivery,
      maxPoints: c.maxPoints,
      dueAt: isoOrNull(c.dueAt),
      lateUntil: isoOrNull(c.lateUntil),
      settings: settingsView(c),
    },
    state: taskState(attempts),
    attempts,
    draft: latest?.status === 'draft' ? latest : null,
    blocked: c.refusal ? { code: c.refusal.code, detail: c.refusal.detail } : null,
    studyBreakUntil: c.studyBreakUntil,
  };
}

type ResolvedFile = { fileId: string; name: string; size: number; mime: string };

/** The files of a draft, each checked: the learner's, for this task, complete, of an accepted type. */
async function resolveFiles(
  deps: Deps,
  auth: AuthContext,
  c: { itemId: number; rules: SubmissionFileRules },
  refs: NonNullable<DraftInput['files']>,
): Promise<ResolvedFile[]> {
  const uploadIds = refs.flatMap((r) => ('uploadId' in r ? [r.uploadId.toLowerCase()] : []));
  const fileIds = refs.flatMap((r) => ('fileId' in r ? [r.fileId.toLowerCase()] : []));
  const [uploads, kept] = await Promise.all([
    repo.findOwnUploads(deps.db, uploadIds, c.itemId, auth.user.jwlId),
    repo.findOwnAttemptFiles(deps.db, fileIds, c.itemId, auth.user.jwlId),
  ]);
  const resolved: ResolvedFile[] = [];
  for (const ref of refs) {
    const found =
      'uploadId' in ref
        ? uploads.find((u) => u.ref === ref.uploadId.toLowerCase())
        : kept.find((k) => k.ref === ref.fileId.toLowerCase());
    if (!found)
      throw badRequest('A file is not finished uploading, or is not one of yours for this task.', {
        files: 'A file is not finished uploading, or is not one of yours for this task.',
      });
    if (resolved.some((r) => r.fileId === found.file_id)) continue;
    resolved.push({
      fileId: found.file_id,
      name: found.name,
      size: found.size,
      mime: found.mime,
    });
  }
  const s = c.rules;
  if (resolved.length > s.maxFiles) {
    const text =
      s.maxFiles === 1
        ? 'This task takes one file.'
        : `This task takes at most ${s.maxFiles} files.`;
    throw badRequest(text, { files: text });
  }
  const mimes = new Set(s.accept.flatMap((k) => FILE_TYPE_MIMES[k]));
  for (const f of resolved) {
    if (!mimes.has(f.mime)) {
      const text = `File must be a valid file: ${s.accept.map((k) => FILE_TYPE_LABELS[k]).join(', ')}.`;
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', text, { fields: { files: text } });
    }
    if (f.size > s.maxFileBytes) {
      const text = `“${f.name}” is larger than this task takes.`;
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', text, { fields: { files: text } });
    }
  }
  return resolved;
}

/**
 * Saves the draft of the learner's current attempt (a new attempt after a published return).
 * A draft changed elsewhere since the device saw it is refused (409), never overwritten.
 */
export async function saveDraft(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  input: DraftInput,
): Promise<Attempt> {
  const may = await assertMaySubmit(deps.db, auth, itemId);
  const studentId = auth.user.jwlId;
  if (may.kind === 'text_task' && input.files !== undefined)
    throw badRequest('A text task takes text, not files.', {
      files: 'A text task takes text, not files.',
    });
  const rules = submissionFileRules(may.kind, may.settings);
  if (rules && input.text !== undefined)
    throw badRequest('A file task takes files, not text.', {
      text: 'A file task takes files, not text.',
    });
  const files =
    rules && input.files !== undefined
      ? await resolveFiles(deps, auth, { itemId, rules }, input.files)
      : null;
  const text = may.kind === 'text_task' ? (input.text ?? '') : null;
  const words = text === null ? 0 : countWords(text);
  const savedAt = input.clientSavedAt ?? null;
  const values = { text, words, itemVersion: may.itemVersion, savedAt };

  const id = await deps.db.transaction(async (tx) => {
    const latest = await repo.lockLatest(tx, itemId, studentId);
    let submissionId: number;
    if (latest && latest.status === 'draft') {
      if (input.version !== latest.version) throw stale();
      submissionId = latest.id;
      await repo.updateDraft(tx, submissionId, values);
    } else {
      // A device that thinks it is editing a draft which has since been handed in is stale.
      if (input.version !== null) throw stale();
      const attempt = latest ? latest.attempt + 1 : 1;
      // The new attempt takes is_latest from the previous one in the same statement.
      const created = await repo.insertDraftAttempt(
        tx,
        {
          clientId: input.clientId,
          itemId,
          studentId,
          courseId: may.courseId,
          attempt,
          previousId: latest ? latest.id : null,
        },
        values,
      );
      if (created === null) throw stale();
      submissionId = created;
    }
    if (files !== null) await repo.replaceFiles(tx, submissionId, files);
    return submissionId;
  });
  const attempts = await loadAttempts(deps, itemId, studentId);
  const saved = attempts.find((a) => a.id === id);
  if (!saved) throw notFound('The draft');
  return saved;
}

/**
 * Hands in the learner's draft: checks the task's bounds, marks it submitted (late against the
 * effective due date) and counts the task done, in one transaction. The same clientId again
 * answers the stored result.
 */
export async function submit(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  input: SubmitInput,
): Promise<Attempt> {
  if (!auth.rights.has('SUBMISSION__CREATE')) throw notFound('The task');
  if (auth.impersonating) throw IMPERSONATING();
  const studentId = auth.user.jwlId;
  const earlier = await repo.findAttemptByClientId(deps.db, input.clientId);
  if (
    earlier &&
    earlier.status === 'submitted' &&
    earlier.student_id === studentId &&
    earlier.item_id === itemId
  ) {
    const attempts = await loadAttempts(deps, itemId, studentId);
    const found = attempts.find((a) => a.id === earlier.id);
    if (found) return found;
  }
  const may = await assertMaySubmit(deps.db, auth, itemId);
  const now = new Date();
  const submitted = await deps.db.transaction(async (tx) => {
    const draft = await repo.lockLatest(tx, itemId, studentId);
    if (!draft || draft.status !== 'draft') {
      if (may.kind !== 'text_task')
        throw badRequest('Please add a file first', { files: 'Please add a file first' });
      throw badRequest(NOT_ENOUGH_WORDS, { text: NOT_ENOUGH_WORDS });
    }
    if (draft.client_id !== input.clientId.toLowerCase() || draft.version !== input.version)
      throw stale();
    if (may.kind === 'text_task') {
      const s = may.settings as TextTaskSettings;
      const problem = wordBoundsProblem(countWords(draft.text ?? ''), {
        minWords: s.minWords ?? null,
        maxWords: s.maxWords ?? null,
      });
      if (problem) throw badRequest(problem.text, { text: problem.text });
    } else if ((await repo.countFiles(tx, draft.id)) === 0) {
      throw badRequest('Please add a file first', { files: 'Please add a file first' });
    }
    const late = may.dueAt !== null && now > may.dueAt;
    const id = await repo.markSubmitted(tx, draft.id, input.version, {
      at: now,
      late,
      itemVersion: may.itemVersion,
    });
    if (id === null) throw stale();
    await recordCompletion(tx, { studentId, itemId, source: 'submitted', at: now });
    await audit(tx, auth, {
      action: 'submission.submit',
      entityType: 'submission',
      entityId: id,
      changes: { itemId, attempt: draft.attempt, late },
    });
    // A similarity check for text and file work, queued with the hand-in (0020 §5.2).
    const checkId = await queueCheck(tx, {
      submissionId: id,
      itemId,
      courseId: may.courseId,
      kind: may.kind,
      provider: deps.config.similarity.provider,
    });
    return { id, checkId };
  });
  if (submitted.checkId !== null) deps.similarity.dispatch([submitted.checkId]);
  const attempts = await loadAttempts(deps, itemId, studentId);
  const found = attempts.find((a) => a.id === submitted.id);
  if (!found) throw notFound('The submission');
  return found;
}
