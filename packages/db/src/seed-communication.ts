import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { deliverAnnouncement } from './announcements';
import {
  announcements,
  notifications,
  supportTicketReplies,
  supportTickets,
} from './schema/communication';

const DAY = 24 * 60 * 60 * 1000;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Announcements to several audiences (some already read; the demo `student` holds unread ones),
 * a few grade-comment and undo-publish notifications, and support issues and public tickets in
 * every status.
 */
export async function seedCommunication(
  db: Db,
  refs: { clcId: Map<string, number>; userId: Map<string, number> },
): Promise<{ announcements: number; tickets: number }> {
  const now = Date.now();
  const user = (name: string) => refs.userId.get(name) ?? null;
  const clc = (code: string) => refs.clcId.get(code) ?? 0;
  const admin = user('admin');

  const made = await db
    .insert(announcements)
    .values([
      {
        title: 'Welcome to the new term',
        body: 'The new term starts on Monday. Please check your timetable and make sure you can sign in to the learning platform.',
        audienceEveryone: true,
        status: 'published',
        publishFrom: new Date(now - 10 * DAY),
        createdAt: new Date(now - 10 * DAY),
        createdBy: admin,
      },
      {
        title: 'Kakuma CLC: internet maintenance on Saturday',
        body: 'The CLC network is down on Saturday from 08:00 to 14:00. Please submit your work before Friday evening.',
        priority: 'high',
        audienceClcIds: [clc('KAK')],
        status: 'published',
        publishFrom: new Date(now - 2 * DAY),
        createdAt: new Date(now - 2 * DAY),
        createdBy: admin,
      },
      {
        title: 'Amman CLC: the exam room has moved',
        body: 'From next week, exams take place in room 4 on the first floor.',
        audienceClcIds: [clc('AMM')],
        status: 'published',
        publishFrom: new Date(now - 3 * DAY),
        createdAt: new Date(now - 3 * DAY),
        createdBy: admin,
      },
      {
        title: 'Facilitator and coordinator meeting',
        body: 'The monthly meeting of facilitators and coordinators is on Thursday at 15:00 UTC.',
        priority: 'low',
        audienceRoles: ['FACILITATOR', 'COORDINATOR', 'LEAD_FACILITATOR', 'LEAD_COORDINATOR'],
        status: 'published',
        publishFrom: new Date(now - 5 * DAY),
        createdAt: new Date(now - 5 * DAY),
        createdBy: admin,
      },
      {
        title: 'Students of Kakuma: study skills workshop',
        body: 'A workshop on planning your study week takes place on Wednesday afternoon in the CLC.',
        audienceRoles: ['STUDENT'],
        audienceClcIds: [clc('KAK')],
        status: 'published',
        publishFrom: new Date(now - 1 * DAY),
        createdAt: new Date(now - 1 * DAY),
        createdBy: admin,
      },
      {
        title: 'End-of-term survey',
        body: 'Please tell us how the term went for you. The survey takes ten minutes.',
        audienceEveryone: true,
        status: 'draft',
        createdBy: admin,
      },
    ])
    .returning({ id: announcements.id });
  for (const a of made) await deliverAnnouncement(db, a.id);
  // Some are read already: the welcome by most, and one Kakuma notice by student_2's peers.
  await db.execute(
    sql`update notifications set is_read = true, read_at = now() - interval '1 day'
         where announcement_id = ${made[0]?.id ?? 0} and user_id % 3 <> 0
           and user_id <> ${user('student') ?? 0}`,
  );
  await db.execute(
    sql`update notifications set is_read = true, read_at = now() - interval '2 days'
         where announcement_id = ${made[2]?.id ?? 0} and user_id = ${user('student_2') ?? 0}`,
  );

  // The student's grade comments come from the demo's learner work (seed-learning-work), on
  // real submissions. Grade requests on four of its published grades, as the app writes them.
  const student = user('student');
  await seedGradeRequests(db, { faculty: user('faculty'), decider: user('lead_faculty') });

  const ticketRows = [
    {
      kind: 'support_issue' as const,
      status: 'new' as const,
      userId: student,
      name: 'Achol Garang',
      email: 'student@demo.lantern.example',
      subject: 'Error report: The page showed an error when I opened my profile',
      issueType: 'system-error',
      description:
        'The page showed an error when I opened my profile after signing in this morning. I tried twice.',
      pageUrl: '/en/profile/view',
      errors: [
        {
          error: 'The Server did not respond. Please try again later.',
          page: '/en/profile/view',
          timestamp: new Date(now - 2 * 60 * 60 * 1000).toISOString(),
        },
      ],
    },
    {
      kind: 'support_issue' as const,
      status: 'in_progress' as const,
      userId: user('coordinator'),
      name: 'John Deng',
      email: 'coordinator@demo.lantern.example',
      subject: 'Support request: A student cannot be found in the student list',
      issueType: 'general',
      description:
        'A student who applied last week does not appear in the student list of Kakuma when I search by name.',
      pageUrl: '/en/student/list',
      errors: [],
    },
    {
      kind: 'support_issue' as const,
      status: 'closed' as const,
      userId: user('student_2'),
      name: 'Yousef Qasem',
      email: 'student_2@demo.lantern.example',
      subject: 'Support request: Please change my profile photo',
      issueType: 'general',
      description:
        'I uploaded the wrong profile photo by mistake and would like to replace it with a recent one.',
      pageUrl: '/en/profile/view',
      errors: [],
    },
    {
      kind: 'public_ticket' as const,
      status: 'new' as const,
      userId: null,
      name: 'Mary Achieng',
      email: 'mary.achieng@example.org',
      subject: 'I forgot my username',
      issueType: null,
      description:
        'I was a student in 2024 and I do not remember my username any more. How can I sign in again?',
      pageUrl: null,
      errors: [],
    },
    {
      kind: 'public_ticket' as const,
      status: 'in_progress' as const,
      userId: null,
      name: 'Omar Haddad',
      email: 'omar.haddad@example.org',
      subject: 'Certificate verification',
      issueType: null,
      description:
        'An employer asks me to confirm my certificate. The verification page says the code is not valid.',
      pageUrl: null,
      errors: [],
    },
    {
      kind: 'public_ticket' as const,
      status: 'closed' as const,
      userId: null,
      name: 'Aline Uwase',
      email: 'aline.uwase@example.org',
      subject: 'How do I apply?',
      issueType: null,
      description:
        'I would like to apply for the next professional certificate programme at my CLC. What do I need?',
      pageUrl: null,
      errors: [],
    },
  ];
  const tickets = await db
    .insert(supportTickets)
    .values(ticketRows.map((t, i) => ({ ...t, createdAt: new Date(now - (i + 1) * DAY) })))
    .returning({ id: supportTickets.id, status: supportTickets.status });
  const replies = tickets
    .filter((t) => t.status !== 'new')
    .map((t) => ({
      ticketId: t.id,
      authorId: admin,
      body: 'Thank you for your message. We are looking into it and will come back to you shortly.',
    }));
  if (replies.length > 0) await db.insert(supportTicketReplies).values(replies);
  return { announcements: made.length, tickets: tickets.length };
}

/**
 * Four requests of the demo's faculty member on published grades of the demo's learners: an
 * open undo-publish, an open grade change, an approved grade change (applied to the grade, its
 * event and the course totals, as an approval does) and a declined one; the decider (lead
 * faculty) is notified of the open ones, the requester of the decisions.
 */
async function seedGradeRequests(
  db: Db,
  people: { faculty: number | null; decider: number | null },
): Promise<void> {
  const { faculty, decider } = people;
  if (faculty === null || decider === null) return;
  const found = await rows<{
    item_id: number;
    student_id: number;
    course_id: number;
    points: string | number;
    max_points: string | number;
    version: number;
    title: string;
    code: string;
    student_name: string;
  }>(
    db,
    sql`select g.item_id, g.student_id, g.course_id, g.points, g.max_points, g.version, i.title,
          c.code, u.first_name || ' ' || u.last_name as student_name
        from grades g join learning_items i on i.id = g.item_id
        join programme_courses c on c.id = g.course_id join users u on u.jwl_id = g.student_id
        where g.is_published and g.outcome = 'graded' and g.points >= 1 and g.graded_by = ${faculty}
        order by g.course_id, g.item_id, g.student_id limit 4`,
  );
  const plan = [
    {
      kind: 'undo_publish',
      state: 'open',
      reason: 'I published this grade before the second marking was done.',
    },
    {
      kind: 'grade_change',
      state: 'open',
      reason: 'The rubric’s last criterion was left out when adding up.',
      delta: 1,
    },
    {
      kind: 'grade_change',
      state: 'approved',
      reason: 'Points were entered for the wrong attempt.',
      delta: -1,
    },
    {
      kind: 'grade_change',
      state: 'declined',
      reason: 'The student asked for a second look.',
      delta: 1,
      note: 'The second marking agreed with the first: the grade stands.',
    },
  ] as const;
  for (const [n, g] of found.slice(0, plan.length).entries()) {
    const p = plan[n];
    if (!p) break;
    const from = Number(g.points);
    const max = Number(g.max_points);
    const to = 'delta' in p ? Math.min(max, Math.max(0, from + p.delta)) : null;
    const made = await rows<{ id: number }>(
      db,
      sql`insert into grade_requests (kind, subject, item_id, course_id, student_id, grade_version,
            from_points, from_outcome, max_points, to_points, to_outcome, reason, state,
            requested_by, requested_at, decided_by, decided_at, decision_note, version)
          values (${p.kind}::grade_request_kind, 'task', ${g.item_id}, ${g.course_id}, ${g.student_id},
            ${g.version}, ${from}, 'graded', ${max}, ${to}::numeric,
            ${to === null ? null : 'graded'}::grade_outcome, ${p.reason},
            ${p.state}::grade_request_state, ${faculty}, now() - interval '2 days',
            ${p.state === 'open' ? null : decider}::int,
            ${p.state === 'open' ? null : sql`now() - interval '1 day'`},
            ${'note' in p ? p.note : null}::text, ${p.state === 'open' ? 1 : 2})
          returning id`,
    );
    const id = made[0]?.id;
    if (id === undefined) continue;
    const label = p.kind === 'undo_publish' ? 'Undo publish' : 'Grade change';
    const what = `${g.code} · ${g.title} · ${g.student_name}`;
    if (p.state === 'approved' && to !== null) {
      // What approving does: the grade changes through the ledger with the request's id.
      await db.execute(
        sql`update grades set points = ${to}, version = version + 1, updated_at = now()
            where item_id = ${g.item_id} and student_id = ${g.student_id}`,
      );
      const event = await rows<{ id: number }>(
        db,
        sql`insert into grade_events (item_id, student_id, course_id, submission_id, action,
              old_points, new_points, old_outcome, new_outcome, old_published, new_published,
              comment, rubric_scores, max_points, grading_schema_id, grading_schema_version,
              item_version, grade_version, actor_id, reason, request_id)
            select g.item_id, g.student_id, g.course_id, g.submission_id, 'change', ${from}, g.points,
              'graded', g.outcome, true, true, g.comment, g.rubric_scores, g.max_points,
              g.grading_schema_id,
              g.grading_schema_version, g.item_version, g.version, ${decider}, ${p.reason}, ${id}
            from grades g where g.item_id = ${g.item_id} and g.student_id = ${g.student_id}
            returning id`,
      );
      const eventId = event[0]?.id ?? null;
      await db.execute(
        sql`update grade_requests set applied_event_id = ${eventId} where id = ${id}`,
      );
      await db.execute(
        sql`update course_progress cp set points_published = points_published + ${to - from},
              weighted_published = weighted_published + coalesce(i.weight, 1) * ${to - from} / ${max}::numeric,
              version = cp.version + 1
            from learning_items i
            where i.id = ${g.item_id} and cp.student_id = ${g.student_id} and cp.course_id = ${g.course_id}`,
      );
    }
    await db.insert(notifications).values(
      p.state === 'open'
        ? {
            userId: decider,
            type: 'undo_publish_request' as const,
            undoPublishRequestId: id,
            title: `${label}: ${what}`,
            body: p.reason,
            link: `/en/learning/grade-request/${String(id)}`,
            priority: 'high' as const,
          }
        : {
            userId: faculty,
            type: 'undo_publish_request' as const,
            undoPublishRequestId: id,
            title: `${label} ${p.state}: ${what}`,
            body: 'note' in p ? p.note : null,
            link: `/en/learning/grade-request/${String(id)}`,
          },
    );
  }
}
