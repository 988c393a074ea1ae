import { sql } from 'drizzle-orm';
import type { Db } from './client';

// Demo terms of the Bachelor of Liberal Studies (programme 512, decision 0022): three years of
// spring, summer and fall terms, each offering the programme's courses; an internship each
// summer; the active students placed term by term in every course status; a classroom per
// course and CLC with a generated facilitator; the classrooms of terms long over closed, those
// of 2025's summer and fall left open (past-classrooms/open). Set-based: a few statements.

const YEARS = [2024, 2025, 2026] as const;
const SEASONS = [
  { season: 'sp', label: 'Spring', start: '01-15', weeks: 14 },
  { season: 'su', label: 'Summer', start: '05-11', weeks: 8 },
  { season: 'fa', label: 'Fall', start: '09-01', weeks: 14 },
] as const;

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export async function seedBachelorTerms(
  db: Db,
): Promise<{ baTerms: number; baStudentCourses: number }> {
  const [programme] = await rowsOf<{ id: number }>(
    db,
    sql`select id from programmes where code = '512' and type = 'bachelor'`,
  );
  if (!programme) return { baTerms: 0, baStudentCourses: 0 };
  const id = programme.id;
  const terms = YEARS.flatMap((year) =>
    SEASONS.map((s) => ({
      year,
      season: s.season,
      name: `${s.label} ${year}`,
      start: `${year}-${s.start}`,
      weeks: s.weeks,
    })),
  );
  await db.execute(
    sql`insert into ba_terms (programme_id, year, season, name, start_date, weeks)
        select ${id}, t.year, t.season::term_season, t.name, t.start::date, t.weeks
        from json_to_recordset(${JSON.stringify(terms)}::json)
          as t(year int, season text, name text, start text, weeks int)`,
  );
  // Each term offers every course of the programme; each summer an internship too.
  await db.execute(
    sql`insert into ba_offerings (term_id, kind, course_id, capacity)
        select t.id, 'course', c.id, 30 from ba_terms t
          join programme_courses c on c.programme_id = t.programme_id
        where t.programme_id = ${id}`,
  );
  await db.execute(
    sql`insert into ba_offerings (term_id, kind, course_id, title, capacity)
        select t.id, 'internship', c.id, 'Community internship ' || t.year, 6 from ba_terms t
          join lateral (select id from programme_courses where programme_id = t.programme_id
                        order by position desc, code desc limit 1) c on true
        where t.programme_id = ${id} and t.season = 'su'`,
  );
  // Every active student in every course of every term; the status follows a fixed pattern so
  // that each of the six appears in each term (older failures retaken later).
  await db.execute(
    sql`insert into ba_student_courses (offering_id, enrolment_id, status, reason)
        select o.id, e.id, s.status::course_status,
          case s.status when 'drop-delete' then 'Changed to another course in week one'
                        when 'withdrawn' then 'Withdrew for work' end
        from ba_offerings o
        join ba_terms t on t.id = o.term_id
        join lateral (select row_number() over (order by id) as n, id from enrolments
                      where programme_id = t.programme_id and state = 'active') e on true
        cross join lateral (select case ((e.n * 3 + o.course_id + t.id) % 12)
            when 0 then case when t.year < 2026 then 'retaken' else 'failed' end
            when 1 then 'failed' when 2 then 'withdrawn' when 3 then 'open'
            when 4 then 'drop-delete' else 'active' end as status) s
        where t.programme_id = ${id} and o.kind = 'course'`,
  );
  await db.execute(
    sql`insert into ba_student_courses (offering_id, enrolment_id)
        select o.id, e.id from ba_offerings o
        join ba_terms t on t.id = o.term_id
        join lateral (select id from enrolments where programme_id = t.programme_id
                      and state = 'active' order by id offset (t.year - 2024) * 4 limit 4) e on true
        where t.programme_id = ${id} and o.kind = 'internship'`,
  );
  // A classroom per course offering and CLC (named as people read it: course, term, CLC), its
  // students seated, a facilitator of the CLC.
  await db.execute(
    sql`with rooms as (
          insert into classes (programme_id, clc_id, name, capacity)
          select ${id}, pc.clc_id, c.code || ' ' || t.name || ', ' || l.name, 12
          from ba_offerings o
          join ba_terms t on t.id = o.term_id
          join programme_courses c on c.id = o.course_id
          join programme_clcs pc on pc.programme_id = t.programme_id
          join clcs l on l.id = pc.clc_id
          where t.programme_id = ${id} and o.kind = 'course'
          returning id, name)
        insert into ba_classrooms (class_id, offering_id, closed_at)
        select r.id, o.id,
          case when t.start_date + t.weeks * 7 < date '2025-05-01' then t.start_date + t.weeks * 7 + 7 end
        from rooms r
        join ba_offerings o on o.kind = 'course'
        join ba_terms t on t.id = o.term_id and t.programme_id = ${id}
        join programme_courses c on c.id = o.course_id
        where r.name like c.code || ' ' || t.name || ', %'`,
  );
  await db.execute(
    sql`update ba_student_courses s set class_id = k.id
        from enrolments e, ba_classrooms r, classes k
        where e.id = s.enrolment_id and r.offering_id = s.offering_id and k.id = r.class_id
          and k.clc_id = e.clc_id and s.status <> 'drop-delete'`,
  );
  await db.execute(
    sql`insert into class_staff (class_id, user_id, kind)
        select k.id, f.user_id, 'facilitator' from ba_classrooms r
        join classes k on k.id = r.class_id
        join lateral (select uc.user_id from user_clcs uc
                      join user_roles ur on ur.user_id = uc.user_id and ur.role_key = 'FACILITATOR'
                      join users u on u.jwl_id = uc.user_id
                      where uc.clc_id = k.clc_id and u.username not like 'facilitator%'
                      order by uc.user_id limit 1) f on true
        where k.programme_id = ${id}
        on conflict do nothing`,
  );
  const [counts] = await rowsOf<{ terms: number; courses: number }>(
    db,
    sql`select (select count(*)::int from ba_terms where programme_id = ${id}) as terms,
          (select count(*)::int from ba_student_courses s join ba_offerings o on o.id = s.offering_id
            join ba_terms t on t.id = o.term_id where t.programme_id = ${id}) as courses`,
  );
  return { baTerms: counts?.terms ?? 0, baStudentCourses: counts?.courses ?? 0 };
}
