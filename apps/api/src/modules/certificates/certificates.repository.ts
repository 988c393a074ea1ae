import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { EnrolmentState, ProgrammeStatus, ProgrammeType } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import { clcs, users } from '@lantern/db/schema/people';
import { files } from '@lantern/db/schema/operations';
import { certificates, enrolments, programmes } from '@lantern/db/schema/programmes';
import { programmeInReach } from '../../lib/programme-reach';
import { rows } from '../../lib/sql';

/** The CLCs a request reaches (lib/scope): null for every CLC. */
export type Scope = number[] | null;

const clcInScope = (column: typeof enrolments.clcId, scope: Scope): SQL | undefined =>
  scope === null ? undefined : scope.length === 0 ? sql`false` : inArray(column, scope);

export type ProgrammeRef = {
  id: number;
  code: string;
  title: string;
  type: ProgrammeType;
  status: ProgrammeStatus;
  certifyingUniversity: string | null;
  certificateText: string | null;
};

/** A programme the request reaches: offered at one of its CLCs (any, for a network-wide role). */
export async function getProgrammeInScope(
  db: Db,
  id: number,
  scope: Scope,
): Promise<ProgrammeRef | null> {
  // Qualified by hand: in a one-table select Drizzle writes columns without their table.
  const offered =
    scope === null ? undefined : programmeInReach(sql.raw('"programmes"."id"'), scope);
  const [row] = await db
    .select({
      id: programmes.id,
      code: programmes.code,
      title: programmes.title,
      type: programmes.type,
      status: programmes.status,
      certifyingUniversity: programmes.certifyingUniversity,
      certificateText: programmes.certificateText,
    })
    .from(programmes)
    .where(and(eq(programmes.id, id), offered));
  return row ?? null;
}

/** The programme's passed students in scope with their certificate, if any; by name. */
export async function findPassedStudents(db: Db, programmeId: number, scope: Scope) {
  return (
    db
      .select({
        enrolmentId: enrolments.id,
        userId: users.jwlId,
        firstName: users.firstName,
        lastName: users.lastName,
        clcId: clcs.id,
        clcCode: clcs.code,
        certificateId: certificates.id,
        code: certificates.code,
        issuedOn: certificates.issuedOn,
        revokedAt: certificates.revokedAt,
      })
      .from(enrolments)
      .innerJoin(users, eq(users.jwlId, enrolments.userId))
      .leftJoin(clcs, eq(clcs.id, enrolments.clcId))
      // The valid certificate, else the last revoked one: one row per student.
      .leftJoin(
        certificates,
        sql`${certificates.id} = (select c2.id from certificates c2
            where c2.enrolment_id = ${enrolments.id}
            order by (c2.revoked_at is null) desc, c2.created_at desc limit 1)`,
      )
      .where(
        and(
          eq(enrolments.programmeId, programmeId),
          eq(enrolments.state, 'completed'),
          clcInScope(enrolments.clcId, scope),
        ),
      )
      .orderBy(asc(users.lastName), asc(users.firstName), asc(enrolments.id))
  );
}

export type IssueCandidate = {
  enrolmentId: number;
  state: EnrolmentState;
  firstName: string;
  lastName: string;
  clcName: string | null;
  signeeName: string | null;
  signeeTitle: string | null;
  existingCode: string | null;
};

/**
 * Students of the programme in scope who could get a certificate: the given enrolments, or
 * (none given) every passed one. Locks their rows so two requests cannot issue twice.
 */
export async function findIssueCandidates(
  tx: Db,
  programmeId: number,
  scope: Scope,
  enrolmentIds: number[] | undefined,
): Promise<IssueCandidate[]> {
  return (
    tx
      .select({
        enrolmentId: enrolments.id,
        state: enrolments.state,
        firstName: users.firstName,
        lastName: users.lastName,
        clcName: clcs.name,
        signeeName: clcs.signeeName,
        signeeTitle: clcs.signeeTitle,
        existingCode: certificates.code,
      })
      .from(enrolments)
      .innerJoin(users, eq(users.jwlId, enrolments.userId))
      .leftJoin(clcs, eq(clcs.id, enrolments.clcId))
      // A revoked certificate does not count: the student may be certified again (decision 0021).
      .leftJoin(
        certificates,
        and(eq(certificates.enrolmentId, enrolments.id), isNull(certificates.revokedAt)),
      )
      .where(
        and(
          eq(enrolments.programmeId, programmeId),
          enrolmentIds ? inArray(enrolments.id, enrolmentIds) : eq(enrolments.state, 'completed'),
          clcInScope(enrolments.clcId, scope),
        ),
      )
      .orderBy(asc(enrolments.id))
      .for('update', { of: enrolments })
  );
}

export type NewCertificate = typeof certificates.$inferInsert;

/** Inserts the certificates; one that exists for its enrolment already is skipped. */
export async function insertCertificates(tx: Db, rows: NewCertificate[]) {
  if (rows.length === 0) return [];
  return (
    tx
      .insert(certificates)
      .values(rows)
      // One valid certificate per enrolment (a partial index: a revoked one stays beside it).
      .onConflictDoNothing({
        target: certificates.enrolmentId,
        where: isNull(certificates.revokedAt),
      })
      .returning({
        id: certificates.id,
        enrolmentId: certificates.enrolmentId,
        code: certificates.code,
      })
  );
}

/** What a certificate's PDF needs: its snapshot, the CLC's current images, the stored file. */
const certificateColumns = {
  id: certificates.id,
  enrolmentId: certificates.enrolmentId,
  code: certificates.code,
  studentName: certificates.studentName,
  lastName: users.lastName,
  programmeTitle: certificates.programmeTitle,
  certificateText: certificates.certificateText,
  certifyingUniversity: certificates.certifyingUniversity,
  clcName: certificates.clcName,
  signeeName: certificates.signeeName,
  signeeTitle: certificates.signeeTitle,
  issuedOn: certificates.issuedOn,
  revokedAt: certificates.revokedAt,
  fileId: certificates.fileId,
  logoFileId: clcs.logoFileId,
  signatureFileId: clcs.signatureFileId,
};

function certificateQuery(db: Db) {
  return db
    .select(certificateColumns)
    .from(certificates)
    .innerJoin(enrolments, eq(enrolments.id, certificates.enrolmentId))
    .innerJoin(users, eq(users.jwlId, enrolments.userId))
    .leftJoin(clcs, eq(clcs.id, enrolments.clcId));
}

export type CertificateRecord = NonNullable<Awaited<ReturnType<typeof getCertificateInScope>>>;

/** One certificate whose student's CLC is in scope; null otherwise. */
export async function getCertificateInScope(db: Db, id: string, scope: Scope) {
  const [row] = await certificateQuery(db).where(
    and(eq(certificates.id, id), clcInScope(enrolments.clcId, scope)),
  );
  return row ?? null;
}

/** The programme's certificates in scope: the given enrolments', or every one; by name. */
export async function findCertificates(
  db: Db,
  programmeId: number,
  scope: Scope,
  enrolmentIds: number[] | undefined,
) {
  return certificateQuery(db)
    .where(
      and(
        eq(enrolments.programmeId, programmeId),
        enrolmentIds ? inArray(enrolments.id, enrolmentIds) : undefined,
        clcInScope(enrolments.clcId, scope),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(enrolments.id));
}

/** The certificates with these ids, in the order given (a job's list). */
export async function findCertificatesByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const found = await certificateQuery(db).where(inArray(certificates.id, ids));
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many of these certificates have their PDF stored (a job's progress). */
export async function countStoredPdfs(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(certificates)
    .where(and(inArray(certificates.id, ids), isNotNull(certificates.fileId)));
  return row?.n ?? 0;
}

/**
 * Points a certificate at its rendered PDF, unless another request did first; `previous` is
 * the file it pointed at when read (one whose bytes went missing may be replaced).
 */
export async function setCertificateFile(
  db: Db,
  id: string,
  fileId: string,
  previous: string | null,
): Promise<boolean> {
  const updated = await db
    .update(certificates)
    .set({ fileId })
    .where(
      and(
        eq(certificates.id, id),
        previous === null ? isNull(certificates.fileId) : eq(certificates.fileId, previous),
      ),
    )
    .returning({ id: certificates.id });
  return updated.length > 0;
}

export async function getCertificateByCode(db: Db, code: string) {
  const [row] = await db
    .select({
      code: certificates.code,
      studentName: certificates.studentName,
      programmeTitle: certificates.programmeTitle,
      certifyingUniversity: certificates.certifyingUniversity,
      clcName: certificates.clcName,
      issuedOn: certificates.issuedOn,
      revokedAt: certificates.revokedAt,
    })
    .from(certificates)
    .where(eq(certificates.code, code));
  return row ?? null;
}

export async function getStoredFile(db: Db, id: string) {
  const [row] = await db
    .select({ mime: files.mime, storageKey: files.storageKey })
    .from(files)
    .where(eq(files.id, id));
  return row ?? null;
}

/** The names of these students of the programme in scope, by enrolment (for failure lists). */
export async function findEnrolmentNames(
  db: Db,
  programmeId: number,
  scope: Scope,
  enrolmentIds: number[],
): Promise<Map<number, string>> {
  if (enrolmentIds.length === 0) return new Map();
  const found = await db
    .select({ id: enrolments.id, firstName: users.firstName, lastName: users.lastName })
    .from(enrolments)
    .innerJoin(users, eq(users.jwlId, enrolments.userId))
    .where(
      and(
        eq(enrolments.programmeId, programmeId),
        inArray(enrolments.id, enrolmentIds),
        clcInScope(enrolments.clcId, scope),
      ),
    );
  return new Map(found.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
}

/** The certificate of a programme in the CLC scope, locked for its revocation. */
export async function certificateToRevoke(tx: Db, id: string, scope: number[] | null) {
  const [found] = await rows<{
    revoked_at: string | Date | null;
    code: string;
    enrolment_id: number;
  }>(
    tx,
    sql`select ct.revoked_at, ct.code, ct.enrolment_id from certificates ct
          join enrolments e on e.id = ct.enrolment_id
          where ct.id = ${id} and ${programmeInReach(sql`e.programme_id`, scope)}
          for update of ct`,
  );
  return found;
}

/** Revokes the certificate; when. */
export async function setRevoked(tx: Db, id: string) {
  const [done] = await rows<{ revoked_at: string | Date }>(
    tx,
    sql`update certificates set revoked_at = now() where id = ${id} returning revoked_at`,
  );
  return done;
}
