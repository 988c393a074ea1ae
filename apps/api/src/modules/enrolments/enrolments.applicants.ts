import type { z } from 'zod';
import {
  APPLICATION_STATUSES,
  applicantInputSchema,
  type Enrolment,
} from '@lantern/contracts/programme';
import { VALIDATION } from '@lantern/contracts/messages';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import { grantsFor } from '../../lib/grants';
import type { Deps } from '../../lib/deps';
import { AppError, invalidFields } from '../../lib/errors';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import { normalisePhone } from '../../lib/phone';
import { clcScope } from '../../lib/scope';
import * as repo from './enrolments.applicants.repository';
import { getEnrolmentDetail, reachableProgramme } from './enrolments.service';
import type { ProgrammeRef } from './enrolments.repository';
import { APPLICANT_TEXTS } from './enrolments.texts';
import { MAX_ID } from '../../lib/params';
import { inPieces } from '../../lib/slices';
import { lockForMatch, matchApplicants, type MatchInput } from './enrolments.match';

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

/**
 * Whether an error is two writers at once: PostgreSQL's unique violation, or a deadlock it
 * broke (two entries whose lock keys' hashes collided in the other order).
 */
export function isConcurrentWrite(error: unknown): boolean {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === '23505' || code === '40P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Applicants written by one statement. */
const WRITE_PIECE = 2_500;

/**
 * Writes applicants of a programme, for the import and the hand entry alike: new people
 * created with their enrolment, and people found by the matcher given the STUDENT role, the
 * CLC and the enrolment where missing. The one place where an applicant path writes a person
 * (`repo.applyPeople` is where an existing person's roles and CLCs change). Returns the new
 * enrolments.
 */
export async function writeApplicants(
  tx: Db,
  auth: AuthContext,
  input: {
    programmeId: number;
    source: 'import' | 'form' | 'cohort-import';
    fresh: repo.NewPerson[];
    existing: { userId: number; clcId: number }[];
    /** Applicants by default; a cohort import enrols active students. */
    state?: repo.EntryState;
  },
): Promise<{ id: number; user_id: number; username?: string }[]> {
  // In pieces: a whole file's people in one statement would hold the HTTP thread (0017).
  const created = await inPieces(input.fresh, WRITE_PIECE, (people) =>
    repo.createApplicants(tx, auth, {
      programmeId: input.programmeId,
      people,
      source: input.source,
      state: input.state,
    }),
  );
  const added = await inPieces(input.existing, WRITE_PIECE, (people) =>
    repo.applyPeople(tx, auth, {
      programmeId: input.programmeId,
      people,
      source: input.source,
      state: input.state,
    }),
  );
  return [...created, ...added];
}

const [byIdSchema, newPersonSchema] = applicantInputSchema.options;
type ApplicantInput = z.output<typeof applicantInputSchema>;

/**
 * The body as one of the two forms, told apart by `studentId`, so each field's message is
 * the form's own (a union would answer "Invalid input" for the whole body).
 */
function parseApplicant(
  data: Record<string, unknown>,
): { input: ApplicantInput; fields: null } | { input: null; fields: Record<string, string> } {
  const byId = data.studentId !== undefined && data.studentId !== '';
  const parsed = (byId ? byIdSchema : newPersonSchema).safeParse(data);
  if (parsed.success) return { input: parsed.data, fields: null };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  return { input: null, fields };
}

const fail = invalidFields;

/**
 * One applicant added by hand: an existing person by JWL-ID, or a person by name, birth date
 * and e-mail, matched exactly as an import row is (`matchApplicants`), inside the transaction
 * that writes them and after `lockForMatch`: the same person entered twice, even at once, is
 * one person (they get the STUDENT role and the CLC when missing); nobody matched is a new
 * person without a password.
 */
export async function addApplicant(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  body: unknown,
): Promise<Enrolment> {
  const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const parsed = parseApplicant(data);
  const programme = await programmeTakingApplicants(deps, auth, programmeId).catch(
    (error: unknown) => {
      // A body the form would refuse is answered as such first.
      if (parsed.fields) throw fail(parsed.fields);
      throw error;
    },
  );
  const scope = clcScope(auth);
  const clcId = parsed.input ? parsed.input.clcId : Number(data.clcId);
  const clc = (await repo.findClcs(deps.db)).find((c) => c.id === clcId);
  const fields: Record<string, string> = {};
  if (!clc || !programme.clcIds.includes(clc.id) || (scope && !scope.includes(clc.id)))
    fields.clcId = VALIDATION.select;
  if (!parsed.input) {
    // Every wrong field at once: the CLC's, and the phone read in that CLC's country.
    if (!parsed.fields.phone && typeof data.phone === 'string' && data.phone.trim() && clc)
      if (!normalisePhone(data.phone.trim(), clc.country)) fields.phone = VALIDATION.phone;
    throw fail({ ...parsed.fields, ...fields });
  }
  const input = parsed.input;

  let applicant: MatchInput;
  let person: Omit<repo.NewPerson, 'username'> | null = null;
  if ('studentId' in input) {
    if (input.studentId > MAX_ID) fields.studentId = APPLICANT_TEXTS.noPerson;
    applicant = {
      row: 1,
      jwlId: input.studentId,
      firstName: '',
      lastName: '',
      email: null,
      birthDate: null,
    };
  } else {
    const phone = input.phone ? normalisePhone(input.phone, clc?.country ?? null) : null;
    if (input.phone && !phone) fields.phone = VALIDATION.phone;
    applicant = {
      row: 1,
      jwlId: null,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ?? null,
      birthDate: input.birthDate,
    };
    person = {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ?? null,
      phone,
      gender: null,
      birthDate: input.birthDate,
      clcId: input.clcId,
      // An unknown CLC is refused below, before anything is written.
      clcCode: clc?.code ?? '',
    };
  }
  if (Object.keys(fields).length > 0) throw fail(fields);

  let saved: { enrolmentId: number | undefined; mailIds: number[] };
  try {
    saved = await deps.db.transaction(async (tx) => {
      // The applicant becomes (or stays) a student: the grant rule of decision 0015.
      (await grantsFor(tx, auth)).assertRoleIn('STUDENT', [input.clcId]);
      await lockForMatch(tx, { kind: 'entry', applicant });
      const found = await matchApplicants(tx, { programmeId, scope, applicants: [applicant] });
      // The form's field for the matcher's column: the JWL-ID, or the name on the new-person form.
      const byId = applicant.jwlId !== null;
      const field = (column: string) =>
        column === 'jwlId' ? (byId ? 'studentId' : 'firstName') : column;
      const [problem] = found.problems;
      if (problem) throw fail({ [field(problem.column)]: problem.message });
      const match = found.matches.get(applicant.row);
      if (match?.applied) throw fail({ [field('jwlId')]: APPLICANT_TEXTS.alreadyApplied });
      let fresh: repo.NewPerson[] = [];
      if (!match && person) {
        const [username] = await repo.freeUsernames(tx, [
          repo.usernameBase(person.firstName, person.lastName),
        ]);
        fresh = [{ ...person, username: username ?? '' }];
      }
      const enrolled = await writeApplicants(tx, auth, {
        programmeId,
        source: 'form',
        fresh,
        existing: match ? [{ userId: match.userId, clcId: input.clcId }] : [],
      });
      const mailIds = await queueAutomaticMails(
        tx,
        { type: 'application_received', programmeId, enrolmentIds: enrolled.map((e) => e.id) },
        deps.config.publicUrl,
      );
      return { enrolmentId: enrolled[0]?.id, mailIds };
    });
  } catch (error) {
    if (isConcurrentWrite(error)) throw new AppError(409, 'CONFLICT', APPLICANT_TEXTS.concurrent);
    throw error;
  }
  deps.mailer.dispatch(saved.mailIds);
  const { enrolmentId } = saved;
  // Enrolled meanwhile by a path that takes no lock.
  if (enrolmentId === undefined)
    throw fail({
      ['studentId' in input ? 'studentId' : 'firstName']: APPLICANT_TEXTS.alreadyApplied,
    });
  return getEnrolmentDetail(deps, auth, programmeId, enrolmentId);
}
