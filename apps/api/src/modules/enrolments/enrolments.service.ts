import type { z } from 'zod';
import type {
  Enrolment,
  enrolmentListQuerySchema,
  enrolmentPageSchema,
  StudentProgramme,
  StudyBreak,
} from '@lantern/contracts/programme';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { clcScope } from '../../lib/scope';
import { todayUtc } from './enrolments.dates';
import * as repo from './enrolments.repository';

const iso = (value: Date | string): string => new Date(value).toISOString();

export const toBreak = (row: repo.BreakRow, today: string): StudyBreak => ({
  id: row.id,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  reason: row.reason,
  current: row.starts_on <= today && today <= row.ends_on,
});

export function toEnrolment(row: repo.EnrolmentRow): Enrolment {
  return {
    id: row.id,
    programmeId: row.programme_id,
    student: {
      id: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      username: row.username,
      email: row.email,
    },
    state: row.state,
    clc:
      row.clc_id !== null && row.clc_code !== null ? { id: row.clc_id, code: row.clc_code } : null,
    class:
      row.class_id !== null && row.class_name !== null
        ? { id: row.class_id, name: row.class_name }
        : null,
    // A break shows only while the student is active: one who passed or left is not on it.
    onBreak:
      row.state === 'active' &&
      row.break_id !== null &&
      row.break_starts_on !== null &&
      row.break_ends_on !== null
        ? {
            id: row.break_id,
            startsOn: row.break_starts_on,
            endsOn: row.break_ends_on,
            reason: row.break_reason,
            current: true,
          }
        : null,
    reason: row.reason,
    version: row.version,
    updatedAt: iso(row.updated_at),
  };
}

/** The programme, if the request reaches it; else "not found" (row scope, as everywhere). */
export async function reachableProgramme(deps: Deps, auth: AuthContext, id: number) {
  const programme = await repo.getProgrammeInScope(deps.db, id, clcScope(auth));
  if (!programme) throw notFound('The programme');
  return programme;
}

export async function findEnrolmentList(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  query: z.output<typeof enrolmentListQuerySchema>,
): Promise<z.infer<typeof enrolmentPageSchema>> {
  await reachableProgramme(deps, auth, programmeId);
  const { page, limit, sort, dir, ...filter } = query;
  const found = await repo.findEnrolments(deps.db, {
    programmeId,
    scope: clcScope(auth),
    filter,
    today: todayUtc(),
    page: { limit, offset: (page - 1) * limit, sort, dir },
  });
  return { items: found.items.map(toEnrolment), total: found.total, page, limit };
}

export async function getEnrolmentDetail(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  id: number,
): Promise<Enrolment> {
  const row = await repo.getEnrolment(deps.db, {
    programmeId,
    scope: clcScope(auth),
    id,
    today: todayUtc(),
  });
  if (!row) throw notFound('The student in this programme');
  return toEnrolment(row);
}

/** A student's programmes for their overview: state, class, CLC, every break and the history. */
export async function findStudentProgrammes(
  deps: Deps,
  auth: AuthContext,
  studentId: number,
): Promise<StudentProgramme[]> {
  if (!(await repo.studentInScope(deps.db, studentId, clcScope(auth))))
    throw notFound('The student');
  const enrolments = await repo.findStudentEnrolments(deps.db, studentId);
  const ids = enrolments.map((e) => e.id);
  const [breaks, history] = await Promise.all([
    repo.findBreaks(deps.db, ids),
    repo.findEnrolmentHistory(deps.db, ids),
  ]);
  const today = todayUtc();
  return enrolments.map((e) => {
    const own = breaks.filter((b) => b.enrolment_id === e.id).map((b) => toBreak(b, today));
    return {
      enrolmentId: e.id,
      programme: {
        id: e.programme_id,
        code: e.programme_code,
        title: e.programme_title,
        type: e.programme_type,
        status: e.programme_status,
        startDate: e.start_date,
        endDate: e.end_date,
      },
      state: e.state,
      clc: e.clc_id !== null && e.clc_code !== null ? { id: e.clc_id, code: e.clc_code } : null,
      class:
        e.class_id !== null && e.class_name !== null
          ? { id: e.class_id, name: e.class_name }
          : null,
      reason: e.reason,
      onBreak: e.state === 'active' ? (own.find((b) => b.current) ?? null) : null,
      breaks: own,
      history: history
        .filter((h) => h.entity_id === String(e.id))
        .map((h) => ({
          id: h.id,
          at: iso(h.at),
          action: h.action,
          actor: h.actor_id !== null ? { id: h.actor_id, name: h.actor_name ?? '' } : null,
          impersonator:
            h.impersonator_id !== null
              ? { id: h.impersonator_id, name: h.impersonator_name ?? '' }
              : null,
          changes: h.changes,
        })),
      version: e.version,
      updatedAt: iso(e.updated_at),
    };
  });
}
