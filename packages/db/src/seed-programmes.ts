import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EnrolmentState, ProgrammeStatus, ProgrammeType } from '@lantern/contracts/programme';
import type { Db } from './client';
import {
  automaticMails,
  certificates,
  classes,
  classStaff,
  courseResults,
  enrolments,
  gradingSchemas,
  programmeClcs,
  programmeCourses,
  programmes,
  studyBreaks,
} from './schema/programmes';

type DemoProgramme = {
  type: ProgrammeType;
  code: string;
  title: string;
  internalName: string;
  status: ProgrammeStatus;
  /** Months from this month to the start, and the length in months. */
  startsIn: number;
  months: number;
  clcs: string[];
  courses: [code: string, title: string, units: number][];
  /** Students per CLC, and how their states are spread (in this order, the rest last). */
  perClc: number;
  states: [EnrolmentState, number][];
  /** Demo sign-ins in the programme, with their state. */
  demo?: Record<string, EnrolmentState>;
  classes?: boolean;
  onBreak?: number;
};

const HEALTH: DemoProgramme['courses'] = [
  ['CHW101', 'Foundations of community health', 4],
  ['CHW102', 'Health promotion and education', 4],
  ['CHW103', 'Field practicum', 6],
];

/**
 * Programmes of every type and status over the demo CLCs: one finished with passed students
 * and their certificates, one running with classes and study breaks, one taking applications,
 * and the other statuses, so that every screen has something to show.
 */
const DEMO_PROGRAMMES: DemoProgramme[] = [
  {
    type: 'professional',
    code: '214',
    title: 'Professional Certificate in Community Health Work',
    internalName: 'CHW 2025',
    status: 'finished',
    startsIn: -14,
    months: 6,
    clcs: ['KAK', 'AMM'],
    courses: HEALTH,
    perClc: 10,
    states: [
      ['failed', 3],
      ['withdrawn', 2],
      ['completed', 15],
    ],
    demo: { student: 'completed' },
    classes: true,
  },
  {
    type: 'professional',
    code: '236',
    title: 'Professional Certificate in Business Administration',
    internalName: 'BUS 2026',
    status: 'running',
    startsIn: -2,
    months: 6,
    clcs: ['KAK', 'AMM', 'ERB'],
    courses: [
      ['BUS101', 'Principles of management', 4],
      ['BUS102', 'Bookkeeping and finance', 4],
      ['BUS103', 'Entrepreneurship', 3],
      ['BUS104', 'Project work', 5],
    ],
    perClc: 16,
    states: [
      ['withdrawn', 2],
      ['active', 46],
    ],
    demo: { student: 'active', student_2: 'active' },
    classes: true,
    onBreak: 3,
  },
  {
    type: 'professional',
    code: '248',
    title: 'Professional Certificate in Teaching Practice',
    internalName: 'TEA 2027',
    status: 'applying',
    startsIn: 2,
    months: 6,
    clcs: ['KAK', 'AMM', 'DZA'],
    courses: [
      ['TEA101', 'Learning and the learner', 4],
      ['TEA102', 'Classroom practice', 5],
    ],
    perClc: 8,
    states: [
      ['declined', 2],
      ['active', 4],
      ['applied', 18],
    ],
    demo: { student_2: 'applied' },
  },
  {
    type: 'professional',
    code: '252',
    title: 'Professional Certificate in Digital Skills',
    internalName: 'DIG 2027',
    status: 'preparing',
    startsIn: 1,
    months: 4,
    clcs: ['ERB', 'UIO'],
    courses: [
      ['DIG101', 'Working with computers', 3],
      ['DIG102', 'Online collaboration', 3],
    ],
    perClc: 6,
    states: [['active', 12]],
  },
  {
    type: 'professional',
    code: '263',
    title: 'Professional Certificate in Peace Leadership',
    internalName: 'PEA 2026',
    status: 'prep_done',
    startsIn: 1,
    months: 6,
    clcs: ['CXB', 'ATH'],
    courses: [['PEA101', 'Conflict and community', 4]],
    perClc: 5,
    states: [['active', 10]],
    classes: true,
  },
  {
    type: 'professional',
    code: '271',
    title: 'Professional Certificate in Social Work',
    internalName: 'SOC 2027',
    status: 'new',
    startsIn: 5,
    months: 6,
    clcs: ['KAK'],
    courses: [['SOC101', 'Introduction to social work', 4]],
    perClc: 0,
    states: [],
  },
  {
    type: 'professional',
    code: '287',
    title: 'Professional Certificate in Environmental Sustainability',
    internalName: 'ENV 2026',
    status: 'cancelled',
    startsIn: -1,
    months: 6,
    clcs: ['AMM'],
    courses: [['ENV101', 'Climate and livelihoods', 4]],
    perClc: 0,
    states: [],
  },
  {
    type: 'bachelor',
    code: '512',
    title: 'Bachelor of Liberal Studies',
    internalName: 'BLS cohort 2025',
    status: 'running',
    startsIn: -10,
    months: 36,
    clcs: ['KAK', 'AMM', 'ERB'],
    courses: [
      ['LIB110', 'Academic writing', 3],
      ['LIB120', 'Introduction to philosophy', 3],
      ['LIB130', 'Statistics', 3],
    ],
    perClc: 6,
    states: [['active', 18]],
    demo: { student: 'active' },
  },
  {
    type: 'bachelor',
    code: '524',
    title: 'Bachelor of Business Leadership',
    internalName: 'BBL cohort 2027',
    status: 'applying',
    startsIn: 3,
    months: 36,
    clcs: ['AMM', 'DZA'],
    courses: [['BBL110', 'Foundations of leadership', 3]],
    perClc: 4,
    states: [['applied', 8]],
  },
  {
    type: 'language',
    code: '610',
    title: 'English for Academic Purposes',
    internalName: 'EAP 2026',
    status: 'running',
    startsIn: -1,
    months: 5,
    clcs: ['KAK', 'ATH'],
    courses: [
      ['EAP1', 'Reading and writing', 4],
      ['EAP2', 'Listening and speaking', 4],
    ],
    perClc: 5,
    states: [['active', 10]],
  },
  {
    type: 'orientation',
    code: 'OR1',
    title: 'Orientation to online learning',
    internalName: 'Orientation 2026',
    status: 'running',
    startsIn: -1,
    months: 2,
    clcs: ['KAK', 'AMM', 'ERB', 'DZA'],
    courses: [['ORI1', 'Learning online', 1]],
    perClc: 3,
    states: [['active', 12]],
    demo: { student: 'active' },
  },
  {
    type: 'orientation',
    code: 'OR0',
    title: 'Orientation to online learning (2025)',
    internalName: 'Orientation 2025',
    status: 'finished',
    startsIn: -13,
    months: 2,
    clcs: ['KAK'],
    courses: [['ORI1', 'Learning online', 1]],
    perClc: 4,
    states: [['completed', 4]],
  },
  {
    type: 'gel',
    code: '701',
    title: 'General English Language',
    internalName: 'GEL 2026',
    status: 'running',
    startsIn: -3,
    months: 12,
    clcs: ['KAK', 'AMM'],
    courses: [['GEL1', 'General English', 6]],
    perClc: 5,
    states: [['active', 10]],
  },
];

/** The first of the month `months` from today's month (UTC), as YYYY-MM-DD. */
function monthStart(today: Date, months: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, 1));
  return d.toISOString().slice(0, 10);
}

/** The last day before the month `months` after `start`. */
function monthEnd(start: string, months: number): string {
  const [y, m] = start.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 0)).toISOString().slice(0, 10);
}

/** A verification code: 12 letters and digits without look-alikes, from a seed text. */
export function certificateCode(seed: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = createHash('sha256').update(seed).digest();
  let code = '';
  for (let i = 0; i < 12; i += 1) code += alphabet.charAt((bytes[i] ?? 0) % alphabet.length);
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/**
 * Programmes with students, classes, results, certificates and automatic mails. Runs inside
 * the demo seed's transaction, after the people (it picks each CLC's generated students).
 */
export async function seedProgrammes(
  tx: Db,
  refs: { clcId: Map<string, number>; userId: Map<string, number>; today?: Date },
): Promise<{ programmes: number; enrolments: number; certificates: number }> {
  const today = refs.today ?? new Date();
  const schemas = await tx
    .insert(gradingSchemas)
    .values([
      {
        name: 'Percentage, pass at 60',
        scaleMax: 100,
        passMark: 60,
        bands: [
          { label: 'Distinction', min: 85 },
          { label: 'Merit', min: 70 },
          { label: 'Pass', min: 60 },
          { label: 'Fail', min: 0 },
        ],
      },
      {
        name: 'Four-point scale',
        scaleMax: 4,
        passMark: 2,
        bands: [
          { label: 'A', min: 3.5 },
          { label: 'B', min: 2.5 },
          { label: 'C', min: 2 },
          { label: 'F', min: 0 },
        ],
      },
    ])
    .returning({ id: gradingSchemas.id });
  const percentage = schemas[0]?.id ?? null;
  const fourPoint = schemas[1]?.id ?? null;

  // Each CLC's generated students (no demo sign-in), in a stable order, handed out in turn so
  // that no one is in two professional certificates at once by accident.
  const pool = new Map<number, number[]>();
  const students = await tx.execute(sql`
    select uc.clc_id, u.jwl_id from users u
    join user_roles ur on ur.user_id = u.jwl_id and ur.role_key = 'STUDENT'
    join user_clcs uc on uc.user_id = u.jwl_id
    where u.password_hash is null
    order by uc.clc_id, u.jwl_id`);
  for (const row of (students as { rows: { clc_id: number; jwl_id: number }[] }).rows) {
    const list = pool.get(row.clc_id) ?? [];
    list.push(row.jwl_id);
    pool.set(row.clc_id, list);
  }
  const cursor = new Map<number, number>();
  const take = (clcId: number): number | undefined => {
    const list = pool.get(clcId) ?? [];
    const at = cursor.get(clcId) ?? 0;
    cursor.set(clcId, at + 1);
    return list.length ? list[at % list.length] : undefined;
  };
  const facilitators = await tx.execute(sql`
    select uc.clc_id, u.jwl_id from users u
    join user_roles ur on ur.user_id = u.jwl_id and ur.role_key = 'FACILITATOR'
    join user_clcs uc on uc.user_id = u.jwl_id order by u.jwl_id`);
  // The first two facilitators of each CLC teach its classes (at KAK the lead facilitator and the
  // facilitator), so a facilitator's own classes can be tried in the demo.
  const facilitatorsOf = new Map<number, number[]>();
  for (const row of (facilitators as { rows: { clc_id: number; jwl_id: number }[] }).rows) {
    const list = facilitatorsOf.get(row.clc_id) ?? [];
    if (list.length < 2) facilitatorsOf.set(row.clc_id, [...list, row.jwl_id]);
  }
  const faculty = refs.userId.get('faculty');
  const assistant = refs.userId.get('teaching_assistant');

  let enrolled = 0;
  let issued = 0;
  for (const spec of DEMO_PROGRAMMES) {
    const startDate = monthStart(today, spec.startsIn);
    const [programme] = await tx
      .insert(programmes)
      .values({
        type: spec.type,
        code: spec.code,
        title: spec.title,
        internalName: spec.internalName,
        startDate,
        endDate: monthEnd(startDate, spec.months),
        status: spec.status,
        gradingSchemaId: spec.type === 'bachelor' ? fourPoint : percentage,
        certifyingUniversity:
          spec.type === 'professional' || spec.type === 'bachelor'
            ? 'Regis University, Denver'
            : null,
        certificateText:
          spec.type === 'professional'
            ? `has successfully completed the ${spec.title}, a programme of study of ${String(spec.courses.reduce((n, c) => n + c[2], 0))} units.`
            : null,
      })
      .returning({ id: programmes.id });
    if (!programme) continue;
    const clcIds = spec.clcs.map((code) => refs.clcId.get(code) ?? 0).filter((id) => id > 0);
    await tx
      .insert(programmeClcs)
      .values(clcIds.map((clcId) => ({ programmeId: programme.id, clcId })));
    const courses = await tx
      .insert(programmeCourses)
      .values(
        spec.courses.map(([code, title, units], position) => ({
          programmeId: programme.id,
          code,
          title,
          units,
          position,
        })),
      )
      .returning({ id: programmeCourses.id });

    // Students: the demo sign-ins first, then generated students of each CLC.
    const rows: { userId: number; clcId: number; state: EnrolmentState }[] = [];
    for (const [username, state] of Object.entries(spec.demo ?? {})) {
      const userId = refs.userId.get(username);
      const clcId = refs.clcId.get(username === 'student_2' ? 'AMM' : 'KAK');
      if (userId && clcId && clcIds.includes(clcId)) rows.push({ userId, clcId, state });
    }
    const states = spec.states.flatMap(([state, n]) => Array.from({ length: n }, () => state));
    let s = 0;
    for (let i = 0; i < spec.perClc; i += 1) {
      for (const clcId of clcIds) {
        const userId = take(clcId);
        const state = states[s] ?? states.at(-1);
        s += 1;
        if (userId && state && !rows.some((r) => r.userId === userId))
          rows.push({ userId, clcId, state });
      }
    }
    if (rows.length === 0) continue;
    const made = await tx
      .insert(enrolments)
      .values(rows.map((r) => ({ programmeId: programme.id, ...r })))
      .returning({
        id: enrolments.id,
        userId: enrolments.userId,
        clcId: enrolments.clcId,
        state: enrolments.state,
      });
    enrolled += made.length;

    // Classes of at most 15 per CLC, filled evenly (as the classes screen distributes), each
    // with facilitators, faculty and a teaching assistant.
    const inClass = made.filter(
      (e) => e.state === 'active' || e.state === 'completed' || e.state === 'failed',
    );
    if (spec.classes) {
      for (const clcId of clcIds) {
        const members = inClass.filter((e) => e.clcId === clcId);
        const code = spec.clcs[clcIds.indexOf(clcId)] ?? 'CLC';
        const count = Math.ceil(members.length / 15);
        for (let c = 0; c < count; c += 1) {
          const [klass] = await tx
            .insert(classes)
            .values({ programmeId: programme.id, clcId, name: `${code}-${String(c + 1)}` })
            .returning({ id: classes.id });
          if (!klass) continue;
          const ids = members.filter((_e, i) => i % count === c).map((e) => e.id);
          await tx.execute(
            sql`update enrolments set class_id = ${klass.id} where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          );
          const staff = [
            ...(facilitatorsOf.get(clcId) ?? []).map((userId) => ({
              userId,
              kind: 'facilitator' as const,
            })),
            faculty ? { userId: faculty, kind: 'faculty' as const } : null,
            assistant ? { userId: assistant, kind: 'assistant' as const } : null,
          ].filter((x) => x !== null);
          if (staff.length)
            await tx.insert(classStaff).values(staff.map((m) => ({ classId: klass.id, ...m })));
        }
      }
    }

    // Study breaks for a few active students, current today.
    const breakers = made.filter((e) => e.state === 'active').slice(-(spec.onBreak ?? 0));
    if (spec.onBreak && breakers.length)
      await tx.insert(studyBreaks).values(
        breakers.map((e) => ({
          enrolmentId: e.id,
          startsOn: monthStart(today, 0),
          endsOn: monthEnd(monthStart(today, 0), 2),
          reason: 'Family circumstances',
        })),
      );

    // Results for a finished programme's students, and certificates for the passed.
    if (spec.status === 'finished') {
      const results = inClass.flatMap((e, i) =>
        courses.map((course, j) => ({
          enrolmentId: e.id,
          courseId: course.id,
          score:
            e.state === 'failed' ? 35 + ((i * 7 + j * 11) % 20) : 62 + ((i * 13 + j * 17) % 36),
        })),
      );
      if (results.length) {
        // Final since the programme finished, and each reached by its events in the grade ledger
        // (decision 0021): entered, then made final at the finish, as the app's writers leave them.
        await tx
          .insert(courseResults)
          .values(results.map((r) => ({ ...r, isFinal: true, version: 2 })));
        await tx.execute(sql`
          update course_results r set grading_schema_id = p.grading_schema_id,
            grading_schema_version = gs.version
          from enrolments e join programmes p on p.id = e.programme_id
          left join grading_schemas gs on gs.id = p.grading_schema_id
          where e.id = r.enrolment_id and e.programme_id = ${programme.id}`);
        for (const [action, oldPoints, oldFinal, newFinal, version] of [
          ['save', sql`null::numeric`, sql`null::boolean`, false, 1],
          ['finalise', sql`r.score`, sql`false`, true, 2],
        ] as const)
          await tx.execute(sql`
            insert into grade_events (subject, student_id, course_id, enrolment_id, action,
              old_points, new_points, old_published, new_published, max_points, grading_schema_id,
              grading_schema_version, grade_version, reason)
            select 'course_result', e.user_id, r.course_id, r.enrolment_id, ${action}::grade_event_action,
              ${oldPoints}, r.score, ${oldFinal}, ${newFinal}, coalesce(gs.scale_max, r.score),
              r.grading_schema_id, r.grading_schema_version, ${version},
              ${action === 'finalise' ? 'The programme finished.' : null}::text
            from course_results r join enrolments e on e.id = r.enrolment_id
            left join grading_schemas gs on gs.id = r.grading_schema_id
            where e.programme_id = ${programme.id}
            order by r.enrolment_id, r.course_id`);
      }
    }
    if (spec.status === 'finished' && spec.type === 'professional') {
      const passed = made.filter((e) => e.state === 'completed');
      const names = await tx.execute(sql`
        select u.jwl_id, u.first_name || ' ' || u.last_name as name, c.name as clc_name,
               c.signee_name, c.signee_title
        from users u join enrolments e on e.user_id = u.jwl_id and e.programme_id = ${programme.id}
        left join clcs c on c.id = e.clc_id`);
      const byUser = new Map(
        (
          names as {
            rows: {
              jwl_id: number;
              name: string;
              clc_name: string | null;
              signee_name: string | null;
              signee_title: string | null;
            }[];
          }
        ).rows.map((r) => [r.jwl_id, r]),
      );
      const issuedOn = monthEnd(startDate, spec.months);
      if (passed.length) {
        await tx.insert(certificates).values(
          passed.map((e) => {
            const who = byUser.get(e.userId);
            return {
              enrolmentId: e.id,
              code: certificateCode(`demo-${spec.code}-${String(e.userId)}`),
              studentName: who?.name ?? '',
              programmeTitle: spec.title,
              certificateText: `has successfully completed the ${spec.title}.`,
              certifyingUniversity: 'Regis University, Denver',
              clcName: who?.clc_name ?? '',
              signeeName: who?.signee_name ?? null,
              signeeTitle: who?.signee_title ?? null,
              issuedOn,
            };
          }),
        );
        issued += passed.length;
      }
    }

    if (spec.code === '236' || spec.code === '248') {
      await tx.insert(automaticMails).values([
        {
          programmeId: programme.id,
          eventType: 'application_received',
          subject: 'We received your application to {{programme}}',
          body: 'Dear {{firstName}},\n\nthank you for applying to {{programme}}. Your CLC will contact you before {{startDate}}.',
          recipientRole: 'student',
          published: true,
        },
        {
          programmeId: programme.id,
          eventType: 'student_state_changed',
          eventStatus: 'active',
          subject: 'Welcome to {{programme}}',
          body: 'Dear {{firstName}},\n\nyou have been accepted to {{programme}}, starting on {{startDate}}.',
          recipientRole: 'student',
          published: true,
        },
        {
          programmeId: programme.id,
          eventType: 'study_break_started',
          subject: 'A student of {{programme}} started a study break',
          body: '{{firstName}} {{lastName}} is on a study break until {{breakEndsOn}}.',
          recipientRole: 'coordinator',
          published: false,
        },
      ]);
    }
  }
  return { programmes: DEMO_PROGRAMMES.length, enrolments: enrolled, certificates: issued };
}
