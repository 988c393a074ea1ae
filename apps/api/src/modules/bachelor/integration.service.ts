import type { z } from 'zod';
import type {
  integrationGraduatedInputSchema,
  integrationResultQuerySchema,
  integrationStudentQuerySchema,
} from '@lantern/contracts/bachelor-integration';
import { parseTermKey, termKeyOf } from '@lantern/contracts/bachelor';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { auditMany } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { clcScope } from '../../lib/scope';
import {
  graduatingRows,
  markExportsGraduated,
  programmeRows,
  resultRows,
  studentRows,
  termId,
  termRows,
} from './integration.repository';
import { queueBachelorMail } from '../../lib/automatic-mails';

/**
 * BA_API (decision 0022, as built: integration): what a certifying university's system reads
 * and the one thing it writes (graduated). Rows are in the caller's CLC reach, like the screens.
 */

export async function listProgrammes(deps: Deps, auth: AuthContext) {
  const scope = clcScope(auth);
  const items = await programmeRows(deps.db, scope);
  return {
    items: items.map((p) => ({
      id: p.id,
      code: p.code,
      title: p.title,
      status: p.status,
      certifyingUniversity: p.certifying_university,
      students: p.students,
    })),
  };
}

type StudentQuery = z.output<typeof integrationStudentQuerySchema>;

export async function listStudents(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  query: StudentQuery,
) {
  const found = await studentRows(deps.db, clcScope(auth), programmeId, query);
  const page = found.slice(0, query.limit);
  return {
    items: page.map((s) => ({
      enrolmentId: s.enrolment_id,
      jwlId: s.jwl_id,
      firstName: s.first_name,
      lastName: s.last_name,
      email: s.email,
      clc: s.clc,
      cohort: s.cohort,
      state: s.state,
      exportStatus: s.export_status,
      credits: Number(s.credits ?? 0),
    })),
    next: found.length > query.limit ? (page.at(-1)?.enrolment_id ?? null) : null,
  };
}

export async function listTerms(deps: Deps, auth: AuthContext, programmeId: number) {
  const scope = clcScope(auth);
  const found = await termRows(deps.db, scope, programmeId);
  return {
    items: found.map((t) => ({
      key: termKeyOf(t.year, t.season),
      year: t.year,
      season: t.season,
      name: t.name,
      startDate: t.start_date,
      weeks: t.weeks,
      offerings: t.offerings,
      students: t.students,
    })),
  };
}

type ResultQuery = z.output<typeof integrationResultQuerySchema>;

/** The course results of a term: each student in each offered course, with its status and grade. */
export async function listResults(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  termKey: string,
  query: ResultQuery,
) {
  const term = parseTermKey(termKey);
  if (!term) throw notFound('The term');
  const found = await termId(deps.db, programmeId, term);
  if (!found) throw notFound('The term');
  const results = await resultRows(deps.db, clcScope(auth), found.id, query);
  const page = results.slice(0, query.limit);
  return {
    term: termKey,
    items: page.map((r) => ({
      jwlId: r.jwl_id,
      enrolmentId: r.enrolment_id,
      courseCode: r.course_code,
      courseTitle: r.course_title,
      status: r.status,
      score: r.score === null ? null : Number(r.score),
      final: r.final ?? false,
    })),
    next: results.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

type GraduatedInput = z.output<typeof integrationGraduatedInputSchema>;

/**
 * BA_API__EDIT: the university reports students graduated. Only a student whose record was
 * exported (completed-exported) may graduate; one already graduated is left as is, so a
 * repeated call changes nothing. All or nothing: one student who may not graduate refuses the
 * call (409) and names them.
 */
export async function markGraduated(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  input: GraduatedInput,
) {
  const ids = [...new Set(input.jwlIds)];
  const mailIds: number[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const found = await graduatingRows(tx, clcScope(auth), programmeId, ids);
    const known = new Set(found.map((f) => f.jwl_id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length)
      throw new AppError(
        404,
        'NOT_FOUND',
        `Not students of this programme: ${unknown.slice(0, 20).join(', ')}.`,
      );
    const refused = found.filter(
      (f) => f.status !== 'completed-exported' && f.status !== 'graduated',
    );
    if (refused.length)
      throw new AppError(
        409,
        'CONFLICT',
        `Only exported students can graduate; not yet exported: ${refused
          .slice(0, 20)
          .map((f) => f.jwl_id)
          .join(', ')}.`,
      );
    const moving = found.filter((f) => f.status === 'completed-exported');
    if (moving.length) {
      await markExportsGraduated(
        tx,
        moving.map((m) => m.enrolment_id),
        auth.user.jwlId,
      );
      await auditMany(
        tx,
        auth,
        moving.map((m) => ({
          action: 'bachelor.export-status',
          entityType: 'enrolment',
          entityId: m.enrolment_id,
          changes: { from: 'completed-exported', to: 'graduated', via: 'api' },
        })),
      );
      mailIds.push(
        ...(await queueBachelorMail(
          tx,
          {
            type: 'bachelor_graduated',
            programmeId,
            enrolmentIds: moving.map((m) => m.enrolment_id),
          },
          deps.config.publicUrl,
        )),
      );
    }
    return {
      graduated: moving.map((m) => m.jwl_id),
      unchanged: found.filter((f) => f.status === 'graduated').map((f) => f.jwl_id),
    };
  });
  deps.mailer.dispatch(mailIds);
  return result;
}
