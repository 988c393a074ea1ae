import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Classroom, Offering, StudentCourse, Term } from '@lantern/contracts/bachelor-terms';
import type { LmsHome } from '@lantern/contracts/learning-work';
import type { ClassDetail, GradeBook } from '@lantern/contracts/teaching';
import { buildTestApp, type TestApp } from '../../../../test/helpers';

/**
 * Bachelor classrooms in the learning platform (decision 0022, "As built: bachelor classrooms in
 * the learning platform"): a student seated in a classroom learns its offering's course in that
 * class, so the class roster, the grade book and the facilitator's home count them; dropped
 * (drop-delete), they are gone. Demo programme 512; term 2038 is one the demo never uses.
 */
let t: TestApp;
let admin: Record<string, string>;
let base = '';

function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('The fixture lacks a row.');
  return value;
}
const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);

async function call<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string> = admin,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
  const [p] = await q<{ id: number }>(`select id from programmes where code = '512'`);
  base = `/api/en/programme/bachelor/${String(must(p).id)}`;
});
afterAll(async () => t.close());

describe('bachelor classrooms in the learning platform', () => {
  it('shows seated students in the class, the grade book and the home count; drop-delete removes them', async () => {
    const [p] = await q<{ id: number }>(`select id from programmes where code = '512'`);
    const [course] = await q<{ id: number }>(
      `select id from programme_courses where programme_id = $1 order by position desc, id desc limit 1`,
      [must(p).id],
    );
    const courseId = must(course).id;
    const kak = await q<{ id: number; user_id: number; clc_id: number }>(
      `select e.id, e.user_id, e.clc_id from enrolments e join clcs c on c.id = e.clc_id
        where e.programme_id = $1 and e.state = 'active' and c.code = 'KAK' order by e.id limit 3`,
      [must(p).id],
    );
    expect(kak).toHaveLength(3);
    const term = await call<Term>('POST', `${base}/terms`, admin, {
      year: 2038,
      season: 'sp',
      name: 'Term 2038 sp',
      startDate: new Date().toISOString().slice(0, 10),
      weeks: 12,
    });
    const offering = await call<Offering>(
      'POST',
      `${base}/terms/${String(term.id)}/offerings`,
      admin,
      {
        courseId,
        capacity: 30,
      },
    );
    await call('POST', `${base}/offerings/${String(offering.id)}/students`, admin, {
      enrolmentIds: kak.map((s) => s.id),
    });
    const room = await call<Classroom>(
      'POST',
      `${base}/offerings/${String(offering.id)}/classrooms`,
      admin,
      { clcId: must(kak[0]).clc_id, name: 'AAA 2038 KAK learners', capacity: 5 },
    );
    const seats = await q<{ id: number; version: number; user_id: number }>(
      `select sc.id, sc.version, e.user_id from ba_student_courses sc join enrolments e on e.id = sc.enrolment_id
        where sc.offering_id = $1 order by e.id`,
      [offering.id],
    );
    // Two of the three seated; the third stays placed without a classroom.
    const seated = seats.slice(0, 2);
    await call('POST', `${base}/classrooms/${String(room.id)}/students`, admin, {
      studentCourseIds: seated.map((s) => s.id),
    });
    const [lead] = await q<{ jwl_id: number }>(
      `select jwl_id from users where username = 'lead_facilitator'`,
    );
    await call('PUT', `${base}/classrooms/${String(room.id)}/staff`, admin, {
      facilitatorIds: [must(lead).jwl_id],
    });
    const facilitator = await t.as('lead_facilitator');

    const look = async () => {
      const detail = await call<ClassDetail>(
        'GET',
        `/api/en/lms/class/${String(room.id)}`,
        facilitator,
      );
      const book = await call<GradeBook>(
        'GET',
        `/api/en/lms/course/${String(courseId)}/grade-book?classId=${String(room.id)}`,
        facilitator,
      );
      const home = await call<LmsHome>('GET', '/api/en/lms/home', facilitator);
      return {
        courses: detail.courses.map((c) => c.id),
        courseId: detail.courseId,
        roster: detail.students.map((s) => s.studentId).sort((a, b) => a - b),
        total: detail.total,
        book: book.rows.map((r) => r.studentId).sort((a, b) => a - b),
        bookClasses: book.rows.map((r) => r.classId),
        home: home.classes.find((k) => k.id === room.id)?.students,
      };
    };
    const ids = (list: { user_id: number }[]) => list.map((s) => s.user_id).sort((a, b) => a - b);

    const before = await look();
    // A classroom teaches its offering's course only, shown without asking for it.
    expect(before.courses).toEqual([courseId]);
    expect(before.courseId).toBe(courseId);
    expect(before.roster).toEqual(ids(seated));
    expect(before.total).toBe(2);
    expect(before.book).toEqual(ids(seated));
    expect(before.bookClasses).toEqual([room.id, room.id]);
    expect(before.home).toBe(2);

    const dropped = must(seated[0]);
    // Seating moved its version on.
    const [now] = await q<{ version: number }>(
      `select version from ba_student_courses where id = $1`,
      [dropped.id],
    );
    const moved = await call<StudentCourse>(
      'POST',
      `${base}/student-courses/${String(dropped.id)}/status`,
      admin,
      { action: 'dropDelete', version: must(now).version },
    );
    expect(moved.status).toBe('drop-delete');

    const after = await look();
    expect(after.roster).toEqual(ids(seated.slice(1)));
    expect(after.book).toEqual(ids(seated.slice(1)));
    expect(after.home).toBe(1);
    // One row per course and student: the attempt in force. Dropped, the student no longer
    // learns in this classroom (an earlier term's attempt at the course, if any, is in force
    // again); the unseated one learns the course in no class.
    const learners = await q<{ student_id: number; class_id: number | null }>(
      `select student_id, class_id from course_learners where course_id = $1 and student_id = any($2::int[])`,
      [courseId, ids(seats)],
    );
    const classOf = (userId: number) =>
      learners.filter((l) => l.student_id === userId).map((l) => l.class_id);
    expect(classOf(dropped.user_id)).not.toContain(room.id);
    expect(classOf(dropped.user_id).length).toBeLessThanOrEqual(1);
    expect(classOf(must(seats[1]).user_id)).toEqual([room.id]);
    expect(classOf(must(seats[2]).user_id)).toEqual([null]);
  });
});
