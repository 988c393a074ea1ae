import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { deliverAnnouncement } from './announcements';
import {
  announcements,
  notifications,
  supportTicketReplies,
  supportTickets,
} from './schema/communication';

const DAY = 24 * 60 * 60 * 1000;

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
  // real submissions.
  const student = user('student');
  const faculty = user('faculty');
  if (faculty) {
    await db.insert(notifications).values({
      userId: faculty,
      type: 'undo_publish_request',
      undoPublishRequestId: 31,
      title: 'Undo-publish request: Unit 3 quiz',
      body: 'A grade was published too early and needs a correction.',
      priority: 'high',
    });
  }

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
