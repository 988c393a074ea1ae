import { sql } from 'drizzle-orm';
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
import { intArray, rows } from '../../lib/sql';

// Terms of a bachelor programme and what they offer (decision 0022, "As built: terms and
// student courses"). The programme-scope hook has already checked the programme's type and
// reach; every query here still names the programme, so an id of another programme is "not
// found".

type TermRow = {
  id: number;
  year: number;
  season: TermSeason;
  name: string;
  start_date: string | Date;
  weeks: number;
  version: number;
  students: number;
};
type OfferingRow = {
  id: number;
  term_id: number;
  kind: Offering['kind'];
  course_id: number;
  course_code: string;
  title: string;
  capacity: number;
  placed: number;
  classrooms: number;
  version: number;
};

export const isoDay = (d: string | Date): string =>
  typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

const OFFERING_SELECT = sql`select o.id, o.term_id, o.kind::text as kind, o.course_id,
    c.code as course_code, coalesce(o.title, c.title) as title, o.capacity, o.version,
    (select count(*)::int from ba_student_courses s where s.offering_id = o.id) as placed,
    (select count(*)::int from ba_classrooms r where r.offering_id = o.id) as classrooms
  from ba_offerings o join programme_courses c on c.id = o.course_id`;

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

async function termsWhere(db: Db, programmeId: number, where: ReturnType<typeof sql>) {
  const terms = await rows<TermRow>(
    db,
    sql`select t.id, t.year, t.season::text as season, t.name, t.start_date, t.weeks, t.version,
          (select count(*)::int from ba_student_courses s join ba_offerings o on o.id = s.offering_id
            where o.term_id = t.id) as students
        from ba_terms t where t.programme_id = ${programmeId} and ${where}`,
  );
  const offerings =
    terms.length === 0
      ? []
      : await rows<OfferingRow>(
          db,
          sql`${OFFERING_SELECT} where o.term_id = any(${intArray(terms.map((t) => t.id))})
              order by o.kind, c.position, c.code, o.title, o.id`,
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
  return { year, terms: await termsWhere(deps.db, programmeId, sql`t.year = ${year}`) };
}

export async function getTerm(db: Db, programmeId: number, termId: number): Promise<Term> {
  const [term] = await termsWhere(db, programmeId, sql`t.id = ${termId}`);
  if (!term) throw notFound('The term');
  return term;
}

/** A term of the programme by its key (`2026-fa`), or "not found". */
export async function termByKey(db: Db, programmeId: number, key: string) {
  const [row] = await rows<{ id: number; start_date: string | Date; weeks: number }>(
    db,
    sql`select id, start_date, weeks from ba_terms
        where programme_id = ${programmeId} and year::text || '-' || season::text = ${key}`,
  );
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
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into ba_terms (programme_id, year, season, name, start_date, weeks)
          values (${programmeId}, ${year}, ${input.season}, ${input.name}, ${input.startDate}, ${input.weeks})
          on conflict (programme_id, year, season) do nothing returning id`,
    );
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
    const [row] = await rows<{ id: number }>(
      tx,
      sql`update ba_terms set name = ${input.name}, start_date = ${input.startDate},
            weeks = ${input.weeks}, version = version + 1, updated_at = now()
          where id = ${termId} and programme_id = ${programmeId} and version = ${input.version}
          returning id`,
    );
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
    await tx.execute(sql`select id from ba_terms where id = ${termId} for update`);
    const [placed] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ba_student_courses s join ba_offerings o on o.id = s.offering_id
          where o.term_id = ${termId}`,
    );
    if ((placed?.n ?? 0) > 0)
      throw new AppError(
        409,
        'CONFLICT',
        `${term.name} has ${placed?.n} student courses: it can be deleted only while no student is placed in it.`,
      );
    await tx.execute(
      sql`delete from classes where id in (select r.class_id from ba_classrooms r
            join ba_offerings o on o.id = r.offering_id where o.term_id = ${termId})`,
    );
    await tx.execute(sql`delete from ba_terms where id = ${termId}`);
    await audit(tx, auth, {
      action: 'ba_term.deleted',
      entityType: 'ba_term',
      entityId: termId,
      changes: { key: term.key, name: term.name },
    });
  });
}

async function courseOfProgramme(db: Db, programmeId: number, courseId: number) {
  const [course] = await rows<{ id: number }>(
    db,
    sql`select id from programme_courses where id = ${courseId} and programme_id = ${programmeId}`,
  );
  if (!course) throw invalidFields({ courseId: 'Choose a course of this programme.' });
}

export async function offeringOf(db: Db, programmeId: number, offeringId: number) {
  const [row] = await rows<OfferingRow & { start_date: string | Date; term_key: string }>(
    db,
    sql`select * from (${OFFERING_SELECT}) x
          join lateral (select t.start_date, t.year::text || '-' || t.season::text as term_key
                        from ba_terms t where t.id = x.term_id and t.programme_id = ${programmeId}) t on true
        where x.id = ${offeringId}`,
  );
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
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into ba_offerings (term_id, kind, course_id, title, capacity)
          values (${termId}, ${input.kind}, ${input.courseId}, ${title}, ${input.capacity})
          on conflict do nothing returning id`,
    );
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
    const [row] = await rows<{ id: number }>(
      tx,
      sql`update ba_offerings set capacity = ${input.capacity}, version = version + 1, updated_at = now()
          where id = ${offeringId} and version = ${input.version} returning id`,
    );
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
    await tx.execute(sql`select id from ba_offerings where id = ${offeringId} for update`);
    const [placed] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ba_student_courses where offering_id = ${offeringId}`,
    );
    if ((placed?.n ?? 0) > 0)
      throw new AppError(
        409,
        'CONFLICT',
        `${placed?.n} students are placed in ${before.title}: it can be removed only when empty.`,
      );
    await tx.execute(
      sql`delete from classes where id in (select class_id from ba_classrooms where offering_id = ${offeringId})`,
    );
    await tx.execute(sql`delete from ba_offerings where id = ${offeringId}`);
    await audit(tx, auth, {
      action: 'ba_offering.removed',
      entityType: 'ba_offering',
      entityId: offeringId,
      changes: { termKey: before.termKey, title: before.title, kind: before.kind },
    });
  });
}
