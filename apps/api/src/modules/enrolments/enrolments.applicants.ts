import type { z } from 'zod';
import {
  APPLICATION_STATUSES,
  applicantInputSchema,
  type Enrolment,
} from '@lantern/contracts/programme';
import { STUDENT_AGE } from '@lantern/contracts/constants';
import { ageOn } from '@lantern/contracts/people';
import { VALIDATION } from '@lantern/contracts/messages';
import type { AuthContext } from '../../plugins/auth';
import { grantsFor } from '../../lib/grants';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import { normalisePhone } from '../../lib/phone';
import { clcScope } from '../../lib/scope';
import * as repo from './enrolments.applicants.repository';
import { getEnrolmentDetail, reachableProgramme } from './enrolments.service';
import type { ProgrammeRef } from './enrolments.repository';
import { APPLICANT_TEXTS } from './enrolments.texts';
import { MAX_ID } from '../../lib/params';
import { isCalendarDay } from './enrolments.dates';

/** The programme, if it takes applicants now; 409 with the reason otherwise. */
export async function programmeTakingApplicants(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
): Promise<ProgrammeRef> {
  const programme = await reachableProgramme(deps, auth, programmeId);
  if (!APPLICATION_STATUSES.includes(programme.status))
    throw new AppError(409, 'CONFLICT', APPLICANT_TEXTS.notOpen(programme.status));
  return programme;
}

/** Whether an error is PostgreSQL's unique violation (two writers at once). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A plausible age for a student (spec §9: 15 to 100). */
export const plausibleBirthDate = (value: string) => {
  const age = ageOn(value);
  return age >= STUDENT_AGE.min && age <= STUDENT_AGE.max;
};

const [byIdSchema, newPersonSchema] = applicantInputSchema.options;
type ApplicantInput = z.output<typeof applicantInputSchema>;

/**
 * The body as one of the two forms, told apart by `studentId`, so each field's message is
 * the form's own (a union would answer "Invalid input" for the whole body).
 */
function parseApplicant(body: unknown): ApplicantInput {
  const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const byId = data.studentId !== undefined && data.studentId !== '';
  const parsed = (byId ? byIdSchema : newPersonSchema).safeParse(data);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw badRequest(
    Object.entries(fields)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', '),
    fields,
  );
}

const fail = (fields: Record<string, string>) =>
  badRequest(
    Object.entries(fields)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', '),
    fields,
  );

/**
 * One applicant added by hand: an existing person by JWL-ID (never duplicated; they get the
 * STUDENT role and the CLC when missing) or a new person without a password.
 */
export async function addApplicant(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  body: unknown,
): Promise<Enrolment> {
  const input = parseApplicant(body);
  const programme = await programmeTakingApplicants(deps, auth, programmeId);
  const scope = clcScope(auth);
  const clc = (await repo.findClcs(deps.db)).find((c) => c.id === input.clcId);
  const fields: Record<string, string> = {};
  if (!clc || !programme.clcIds.includes(clc.id) || (scope && !scope.includes(clc.id)))
    fields.clcId = VALIDATION.select;

  let userId: number | null = null;
  let person: repo.NewPerson | null = null;
  if ('studentId' in input) {
    const [match] = (
      input.studentId > MAX_ID
        ? []
        : await repo.matchPeople(deps.db, {
            programmeId,
            scope,
            keys: [
              {
                row: 1,
                jwlId: input.studentId,
                email: null,
                firstName: '',
                lastName: '',
                birthDate: null,
              },
            ],
          })
    ).filter((m) => m.how === 'id' && m.matchable);
    if (!match) fields.studentId = APPLICANT_TEXTS.noPerson;
    else if (match.applied) fields.studentId = APPLICANT_TEXTS.alreadyApplied;
    else userId = match.user_id;
  } else {
    const phone = input.phone ? normalisePhone(input.phone, clc?.country ?? null) : null;
    if (input.phone && !phone) fields.phone = VALIDATION.phone;
    if (input.birthDate && !isCalendarDay(input.birthDate)) fields.birthDate = VALIDATION.date;
    else if (input.birthDate && !plausibleBirthDate(input.birthDate))
      fields.birthDate = VALIDATION.dateOfBirth;
    const [username] = await repo.freeUsernames(deps.db, [
      repo.usernameBase(input.firstName, input.lastName),
    ]);
    person = {
      username: username ?? '',
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ?? null,
      phone,
      gender: null,
      birthDate: input.birthDate ?? null,
      clcId: input.clcId,
      // An unknown CLC is refused below, before anything is written.
      clcCode: clc?.code ?? '',
    };
  }
  if (Object.keys(fields).length > 0) throw fail(fields);
  if (!person && userId === null) throw new Error('The applicant could not be saved.');

  let saved: { enrolmentId: number | undefined; mailIds: number[] };
  try {
    saved = await deps.db.transaction(async (tx) => {
      // The applicant becomes (or stays) a student: the grant rule of decision 0015.
      (await grantsFor(tx, auth)).assertRoleIn('STUDENT', [input.clcId]);
      const enrolled = person
        ? await repo.createApplicants(tx, auth, { programmeId, people: [person], source: 'form' })
        : await repo.applyPeople(tx, auth, {
            programmeId,
            people: userId === null ? [] : [{ userId, clcId: input.clcId }],
            source: 'form',
          });
      const mailIds = await queueAutomaticMails(
        tx,
        { type: 'application_received', programmeId, enrolmentIds: enrolled.map((e) => e.id) },
        deps.config.publicUrl,
      );
      return { enrolmentId: enrolled[0]?.id, mailIds };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT', APPLICANT_TEXTS.concurrent);
    throw error;
  }
  deps.mailer.dispatch(saved.mailIds);
  const { enrolmentId } = saved;
  // Added by someone else between the check and the write.
  if (enrolmentId === undefined) throw fail({ studentId: APPLICANT_TEXTS.alreadyApplied });
  return getEnrolmentDetail(deps, auth, programmeId, enrolmentId);
}
