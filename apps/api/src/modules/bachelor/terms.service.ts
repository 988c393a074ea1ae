import { TERM_ORDER, termKeyOf, type TermSeason } from '@lantern/contracts/bachelor';
import type {
  InternshipInput,
  Offering,
  OfferingInput,
  OfferingUpdate,
  Term,
  TermInput,
  TermList,
  TermUpdate,
} from '@lantern/contracts/bachelor-terms';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { audit } from '../../lib/audit';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import {
  courseRowOfProgramme,
  deleteOfferingRow,
  deleteTermRow,
  insertOffering,
  insertTerm,
  lockOfferingForDelete,
  lockTermForDelete,
  offeringRow,
  offeringRowsOfTerms,
  termRowByKey,
  termRows,
  updateOfferingRow,
  updateTermRow,
  type OfferingRow,
} from './terms.repository';

// Terms of a bachelor programme and what they offer (decision 0022, "As built: terms and
// student courses"). The programme-scope hook has already checked the programme's type and
// reach; every query here still names the programme, so an id of another programme is "not
// found".

export const isoDay = (d: string | Date): string =>
  typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

const toOffering = (r: OfferingRow): Offering => ({
  id: r.id,
  kind: r.kind,
  courseId: r.course_id,
  courseCode: r.course_code,
  title: r.title,
  capacity: r.capacity,
  placed: r.placed,
  classrooms: r.classrooms,
  version: r.version,
});

async function termsOf(db: Db, programmeId: number, of: { year: number } | { termId: number }) {
  const terms = await termRows(db, programmeId, of);
  const offerings =
    terms.length === 0
      ? []
      : await offeringRowsOfTerms(
          db,
          terms.map((t) => t.id),
        );
  return terms
    .sort((a, b) => a.year - b.year || TERM_ORDER[a.season] - TERM_ORDER[b.season])
    .map((t): Term => ({
      id: t.id,
      key: termKeyOf(t.year, t.season),
      year: t.year,
      season: t.season,
      name: t.name,
      startDate: isoDay(t.start_date),
      weeks: t.weeks,
      version: t.version,
      students: t.students,
      offerings: offerings.filter((o) => o.term_id === t.id).map(toOffering),
    }));
}

export async function listTerms(deps: Deps, programmeId: number, year: number): Promise<TermList> {
  return { year, terms: await termsOf(deps.db, programmeId, { year }) };
}

export async function getTerm(db: Db, programmeId: number, termId: number): Promise<Term> {
  const [term] = await termsOf(db, programmeId, { termId });
  if (!term) throw notFound('The term');
  return term;
}

/** A term of the programme by its key (`2026-fa`), or "not found". */
export async function termByKey(db: Db, programmeId: number, key: string) {
  const row = await termRowByKey(db, programmeId, key);
  if (!row) throw notFound('The term');
  return { id: row.id, startDate: isoDay(row.start_date), weeks: row.weeks };
}

const seasonTaken = (season: TermSeason, year: number) =>
  invalidFields({ season: `This programme already has a ${season} term in ${year}.` });

export async function createTerm(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  input: TermInput,
): Promise<Term> {
  const { year } = input;
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertTerm(tx, programmeId, input);
    if (!row) throw seasonTaken(input.season, year);
    await audit(tx, auth, {
      action: 'ba_term.created',
      entityType: 'ba_term',
      entityId: row.id,
      changes: { programmeId, ...input },
    });
    return row.id;
  });
  return getTerm(deps.db, programmeId, id);
}

const stale = (what: string, current: unknown) =>
  new AppError(
    409,
    'STALE_VERSION',
    `Someone else changed this ${what} meanwhile: reload it to see their change.`,
    { current },
  );

export async function updateTerm(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  termId: number,
  input: TermUpdate,
): Promise<Term> {
  await deps.db.transaction(async (tx) => {
    const before = await getTerm(tx, programmeId, termId);
    const row = await updateTermRow(tx, programmeId, termId, input);
    if (!row) throw stale('term', before);
    await audit(tx, auth, {
      action: 'ba_term.updated',
      entityType: 'ba_term',
      entityId: termId,
      changes: {
        name: [before.name, input.name],
        startDate: [before.startDate, input.startDate],
        weeks: [before.weeks, input.weeks],
      },
    });
  });
  return getTerm(deps.db, programmeId, termId);
}

export async function deleteTerm(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  termId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const term = await getTerm(tx, programmeId, termId);
    // Lock the term so no student is placed while it goes.
    const placed = await lockTermForDelete(tx, termId);
    if (placed > 0)
      throw new AppError(
        409,
        'CONFLICT',
        `${term.name} has ${placed} student courses: it can be deleted only while no student is placed in it.`,
      );
    await deleteTermRow(tx, termId);
    await audit(tx, auth, {
      action: 'ba_term.deleted',
      entityType: 'ba_term',
      entityId: termId,
      changes: { key: term.key, name: term.name },
    });
  });
}

async function courseOfProgramme(db: Db, programmeId: number, courseId: number) {
  const course = await courseRowOfProgramme(db, programmeId, courseId);
  if (!course) throw invalidFields({ courseId: 'Choose a course of this programme.' });
}

export async function offeringOf(db: Db, programmeId: number, offeringId: number) {
  const row = await offeringRow(db, programmeId, offeringId);
  if (!row) throw notFound('The offering');
  return { ...toOffering(row), termId: row.term_id, termKey: row.term_key };
}

export async function addOffering(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  termId: number,
  input: (OfferingInput & { kind: 'course' }) | (InternshipInput & { kind: 'internship' }),
): Promise<Offering> {
  await getTerm(deps.db, programmeId, termId);
  await courseOfProgramme(deps.db, programmeId, input.courseId);
  const id = await deps.db.transaction(async (tx) => {
    const title = input.kind === 'internship' ? input.title : null;
    const row = await insertOffering(tx, termId, input, title);
    if (!row) throw invalidFields({ courseId: 'This term offers the course already.' });
    await audit(tx, auth, {
      action:
        input.kind === 'internship' ? 'ba_offering.internship_created' : 'ba_offering.created',
      entityType: 'ba_offering',
      entityId: row.id,
      changes: { termId, ...input },
    });
    return row.id;
  });
  return offeringOf(deps.db, programmeId, id);
}

export async function updateOffering(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  offeringId: number,
  input: OfferingUpdate,
): Promise<Offering> {
  await deps.db.transaction(async (tx) => {
    const before = await offeringOf(tx, programmeId, offeringId);
    if (input.capacity < before.placed)
      throw invalidFields({
        capacity: `${before.placed} students are placed in it: the capacity cannot be less.`,
      });
    const row = await updateOfferingRow(tx, offeringId, input);
    if (!row) throw stale('offering', before);
    await audit(tx, auth, {
      action: 'ba_offering.updated',
      entityType: 'ba_offering',
      entityId: offeringId,
      changes: { capacity: [before.capacity, input.capacity] },
    });
  });
  return offeringOf(deps.db, programmeId, offeringId);
}

export async function removeOffering(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  offeringId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await offeringOf(tx, programmeId, offeringId);
    const placed = await lockOfferingForDelete(tx, offeringId);
    if (placed > 0)
      throw new AppError(
        409,
        'CONFLICT',
        `${placed} students are placed in ${before.title}: it can be removed only when empty.`,
      );
    await deleteOfferingRow(tx, offeringId);
    await audit(tx, auth, {
      action: 'ba_offering.removed',
      entityType: 'ba_offering',
      entityId: offeringId,
      changes: { termKey: before.termKey, title: before.title, kind: before.kind },
    });
  });
}
