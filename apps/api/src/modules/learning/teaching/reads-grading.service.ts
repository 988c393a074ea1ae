import type { QueuePage, QueueQuery, SubmissionView } from '@lantern/contracts/teaching';
import { rubricSchema } from '@lantern/contracts/teaching';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { decodeCursor, encodeCursor } from '../../../lib/cursor';
import { loadCourseInReach } from '../../../lib/learning-scope';
import { withImageLinks } from '../content/public';
import { findGrade } from './grade-events';
import { gradeOut } from './grading.service';
import { whyNotGrade } from './responsibility';
import { similarityBadges } from '../../similarity/public';
import { findQueueAround, findQueueRows } from './teaching-queue.repository';
import * as repo from './teaching.repository';

// What the people who grade read: the grading queue and one submission with its grade.

const iso = (v: Date | string | null): string | null =>
  v === null ? null : new Date(v).toISOString();

/** The grading queue of a course: latest attempts waiting for a grade, oldest first, keyset. */
export async function gradingQueue(
  deps: Deps,
  auth: AuthContext,
  courseId: number,
  query: QueueQuery,
): Promise<QueuePage> {
  await loadCourseInReach(deps.db, auth, courseId);
  const after = query.cursor ? decodeCursor(query.cursor, 'submitted', 'asc') : null;
  const found = await findQueueRows(deps.db, auth, courseId, query, after);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  const badges = await similarityBadges(
    deps,
    auth,
    page.map((r) => Number(r.id)),
  );
  return {
    items: page.map((r) => ({
      ...(badges ? { similarity: badges.get(Number(r.id)) ?? null } : {}),
      submissionId: Number(r.id),
      itemId: r.item_id,
      itemTitle: r.item_title,
      itemKind: r.item_kind,
      studentId: r.student_id,
      firstName: r.first_name,
      lastName: r.last_name,
      className: r.class_name,
      attempt: r.attempt,
      late: r.late,
      submittedAt: iso(r.submitted_at) ?? '',
      hasDraft: r.has_draft,
    })),
    nextCursor:
      found.length > query.limit && last
        ? encodeCursor({
            sort: 'submitted',
            dir: 'asc',
            value: last.submitted_key,
            id: Number(last.id),
          })
        : null,
  };
}

/** The neighbours of a submission in its class's grading queue (oldest first). */
async function neighbours(deps: Deps, auth: AuthContext, s: repo.SubmissionRow) {
  const ids = await findQueueAround(deps.db, auth, s);
  const at = ids.indexOf(Number(s.id));
  if (at < 0) return { previousId: null, nextId: null };
  return { previousId: ids[at - 1] ?? null, nextId: ids[at + 1] ?? null };
}

/** The type of a file the browser shows inline; others are downloaded. */
const INLINE = /^(application\/pdf|image\/(png|jpeg|webp)|audio\/|video\/)/;

/**
 * A signed link to a file; `inline` is signed into it (decision 0019, "Serving"), so the grade
 * page can frame a PDF while the file route still decides what may be shown inline.
 */
function fileLink(deps: Deps, fileId: string, inline: boolean): string {
  return deps.files.signedUrl(fileId, { inline });
}

/** grade/:submissionId: the work, its attempts, the grade, and whether the caller may grade. */
export async function getSubmission(
  deps: Deps,
  auth: AuthContext,
  submissionId: number,
): Promise<SubmissionView> {
  const s = await repo.findSubmission(deps.db, auth, submissionId);
  if (!s) throw notFound('The submission');
  const delivery = s.delivery ?? 'online';
  const [files, attempts, grade, around] = await Promise.all([
    repo.findSubmissionFiles(deps.db, submissionId),
    repo.findAttempts(deps.db, s.item_id, s.student_id),
    findGrade(deps.db, s.item_id, s.student_id),
    neighbours(deps, auth, s),
  ]);
  const why = whyNotGrade(auth, { delivery }, s.in_grading_scope);
  const rubric = rubricSchema.safeParse(s.rubric);
  return {
    submission: {
      id: Number(s.id),
      attempt: s.attempt,
      status: s.status,
      text: s.text,
      wordCount: s.word_count,
      late: s.late,
      submittedAt: iso(s.submitted_at),
      files: files.map((f) => ({
        id: f.id,
        name: f.name,
        mime: f.mime,
        size: f.size,
        url: fileLink(deps, f.id, INLINE.test(f.mime)),
        downloadUrl: fileLink(deps, f.id, false),
      })),
    },
    // A learner's drafts are theirs: staff see the attempts handed in.
    attempts: attempts
      .filter((a) => a.status === 'submitted')
      .map((a) => ({
        id: Number(a.id),
        attempt: a.attempt,
        status: a.status,
        submittedAt: iso(a.submitted_at),
        late: a.late,
      })),
    task: {
      id: s.item_id,
      title: s.item_title,
      // What the learner answered, so an edit made since does not change what is graded.
      instructions: await withImageLinks(deps, s.answered_body ?? s.item_body),
      instructionsChanged: s.answered_body !== null && s.answered_body !== s.item_body,
      kind: s.kind,
      delivery,
      maxPoints: Number(s.max_points ?? 0),
      grading: s.grading ?? 'points',
      rubric: rubric.success ? rubric.data : null,
      dueAt: iso(s.due_at),
      courseId: s.course_id,
      courseTitle: s.course_title,
    },
    student: {
      id: s.student_id,
      firstName: s.first_name,
      lastName: s.last_name,
      classId: s.class_id,
      className: s.class_name,
    },
    grade: grade ? gradeOut(grade, await repo.userName(deps.db, grade.gradedBy)) : null,
    mayGrade: why === null,
    mayNotGradeReason: why,
    mayOverride: why === null && auth.rights.has('SUBMISSION__EDIT'),
    ...around,
    ...(await similarityBadges(deps, auth, [Number(s.id)]).then((b) =>
      b ? { similarity: b.get(Number(s.id)) ?? null } : {},
    )),
  };
}
