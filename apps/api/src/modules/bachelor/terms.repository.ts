import { sql } from 'drizzle-orm';
import type { TermSeason } from '@lantern/contracts/bachelor';
import type { Offering } from '@lantern/contracts/bachelor-terms';
import type { Db } from '@lantern/db/client';
import { intArray, rows } from '../../lib/sql';

export type TermRow = {
  id: number;
  year: number;
  season: TermSeason;
  name: string;
  start_date: string | Date;
  weeks: number;
  version: number;
  students: number;
};
export type OfferingRow = {
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

const OFFERING_SELECT = sql`select o.id, o.term_id, o.kind::text as kind, o.course_id,
    c.code as course_code, coalesce(o.title, c.title) as title, o.capacity, o.version,
    (select count(*)::int from ba_student_courses s where s.offering_id = o.id) as placed,
    (select count(*)::int from ba_classrooms r where r.offering_id = o.id) as classrooms
  from ba_offerings o join programme_courses c on c.id = o.course_id`;

/** The programme's terms of a year, or the one of an id. */
export const termRows = (db: Db, programmeId: number, of: { year: number } | { termId: number }) =>
  rows<TermRow>(
    db,
    sql`select t.id, t.year, t.season::text as season, t.name, t.start_date, t.weeks, t.version,
          (select count(*)::int from ba_student_courses s join ba_offerings o on o.id = s.offering_id
            where o.term_id = t.id) as students
        from ba_terms t where t.programme_id = ${programmeId} and ${'year' in of ? sql`t.year = ${of.year}` : sql`t.id = ${of.termId}`}`,
  );

/** The offerings of the terms, in the order a term lists them. */
export const offeringRowsOfTerms = (db: Db, termIds: readonly number[]) =>
  rows<OfferingRow>(
    db,
    sql`${OFFERING_SELECT} where o.term_id = any(${intArray(termIds)})
              order by o.kind, c.position, c.code, o.title, o.id`,
  );

export async function termRowByKey(db: Db, programmeId: number, key: string) {
  const [row] = await rows<{ id: number; start_date: string | Date; weeks: number }>(
    db,
    sql`select id, start_date, weeks from ba_terms
        where programme_id = ${programmeId} and year::text || '-' || season::text = ${key}`,
  );
  return row;
}

/** A new term; none answered when the programme has one of that season that year. */
export async function insertTerm(
  db: Db,
  programmeId: number,
  input: { year: number; season: TermSeason; name: string; startDate: string; weeks: number },
) {
  const { year } = input;
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into ba_terms (programme_id, year, season, name, start_date, weeks)
          values (${programmeId}, ${year}, ${input.season}, ${input.name}, ${input.startDate}, ${input.weeks})
          on conflict (programme_id, year, season) do nothing returning id`,
  );
  return row;
}

export async function updateTermRow(
  db: Db,
  programmeId: number,
  termId: number,
  input: { name: string; startDate: string; weeks: number; version: number },
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`update ba_terms set name = ${input.name}, start_date = ${input.startDate},
            weeks = ${input.weeks}, version = version + 1, updated_at = now()
          where id = ${termId} and programme_id = ${programmeId} and version = ${input.version}
          returning id`,
  );
  return row;
}

/** Locks the term so no student is placed while it goes; the student courses placed in it. */
export async function lockTermForDelete(db: Db, termId: number) {
  await db.execute(sql`select id from ba_terms where id = ${termId} for update`);
  const [placed] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ba_student_courses s join ba_offerings o on o.id = s.offering_id
          where o.term_id = ${termId}`,
  );
  return placed?.n ?? 0;
}

/** Deletes the term with its classrooms' classes. */
export async function deleteTermRow(db: Db, termId: number) {
  await db.execute(
    sql`delete from classes where id in (select r.class_id from ba_classrooms r
            join ba_offerings o on o.id = r.offering_id where o.term_id = ${termId})`,
  );
  await db.execute(sql`delete from ba_terms where id = ${termId}`);
}

export async function courseRowOfProgramme(db: Db, programmeId: number, courseId: number) {
  const [course] = await rows<{ id: number }>(
    db,
    sql`select id from programme_courses where id = ${courseId} and programme_id = ${programmeId}`,
  );
  return course;
}

export async function offeringRow(db: Db, programmeId: number, offeringId: number) {
  const [row] = await rows<OfferingRow & { start_date: string | Date; term_key: string }>(
    db,
    sql`select * from (${OFFERING_SELECT}) x
          join lateral (select t.start_date, t.year::text || '-' || t.season::text as term_key
                        from ba_terms t where t.id = x.term_id and t.programme_id = ${programmeId}) t on true
        where x.id = ${offeringId}`,
  );
  return row;
}

/** A new offering of the term; none answered when the term offers the course already. */
export async function insertOffering(
  db: Db,
  termId: number,
  input: { kind: Offering['kind']; courseId: number; capacity: number },
  title: string | null,
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into ba_offerings (term_id, kind, course_id, title, capacity)
          values (${termId}, ${input.kind}, ${input.courseId}, ${title}, ${input.capacity})
          on conflict do nothing returning id`,
  );
  return row;
}

export async function updateOfferingRow(
  db: Db,
  offeringId: number,
  input: { capacity: number; version: number },
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`update ba_offerings set capacity = ${input.capacity}, version = version + 1, updated_at = now()
          where id = ${offeringId} and version = ${input.version} returning id`,
  );
  return row;
}

/** Locks the offering so no student is placed while it goes; the students placed in it. */
export async function lockOfferingForDelete(db: Db, offeringId: number) {
  await db.execute(sql`select id from ba_offerings where id = ${offeringId} for update`);
  const [placed] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ba_student_courses where offering_id = ${offeringId}`,
  );
  return placed?.n ?? 0;
}

/** Deletes the offering with its classrooms' classes. */
export async function deleteOfferingRow(db: Db, offeringId: number) {
  await db.execute(
    sql`delete from classes where id in (select class_id from ba_classrooms where offering_id = ${offeringId})`,
  );
  await db.execute(sql`delete from ba_offerings where id = ${offeringId}`);
}
