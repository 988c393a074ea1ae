import type { z } from 'zod';
import {
  mailEventsOf,
  RECIPIENT_ROLE_LABELS,
  renderPlaceholders,
  type AutomaticMail,
  type automaticMailInputSchema,
  type automaticMailUpdateSchema,
} from '@lantern/contracts/automatic-mail';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import { AppError, badRequest, invalidFields, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { clcScope } from '../../lib/scope';
import * as repo from './automatic-mails.repository';
import { placeholderValues, previewSubject } from '../../lib/automatic-mails';

type Input = z.output<typeof automaticMailInputSchema>;

type Row = repo.MailRow;

const toMail = (r: Row): AutomaticMail => ({
  id: r.id,
  programmeId: r.programme_id,
  eventType: r.event_type,
  eventStatus: r.event_status,
  subject: r.subject,
  body: r.body,
  recipientRole: r.recipient_role,
  published: r.published,
  sent: r.sent,
  version: r.version,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** The programme of the path, if it has that type and is offered at a CLC the request reaches. */
async function programmeFor(db: Db, auth: AuthContext, type: ProgrammeType, id: number) {
  const programme = await repo.programmeInScope(db, clcScope(auth), type, id);
  if (!programme) throw notFound('The programme');
  return programme;
}

export async function listMails(deps: Deps, auth: AuthContext, type: ProgrammeType, id: number) {
  const programme = await programmeFor(deps.db, auth, type, id);
  const items = await repo.programmeMails(deps.db, id);
  return { programme, items: items.map(toMail) };
}

async function mailOf(deps: Deps, programmeId: number, itemId: number): Promise<Row> {
  const row = await repo.mailRow(deps.db, programmeId, itemId);
  if (!row) throw notFound('The automatic mail');
  return row;
}

export async function getMail(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  id: number,
  itemId: number,
) {
  await programmeFor(deps.db, auth, type, id);
  return toMail(await mailOf(deps, id, itemId));
}

/** Bachelor events only on bachelor programmes (a certificate programme has no terms). */
function assertEventFits(type: ProgrammeType, input: Input) {
  if (!mailEventsOf(type).includes(input.eventType))
    throw invalidFields({ eventType: 'This event does not happen in this type of programme.' });
}

export async function createMail(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  id: number,
  input: Input,
): Promise<AutomaticMail> {
  await programmeFor(deps.db, auth, type, id);
  assertEventFits(type, input);
  const itemId = await deps.db.transaction(async (tx) => {
    const newId = await repo.insertMail(tx, id, input);
    if (newId === undefined) throw new Error('The automatic mail could not be saved.');
    await audit(tx, auth, {
      action: 'automatic_mail.created',
      entityType: 'automatic_mail',
      entityId: newId,
      changes: { programmeId: id, ...input },
    });
    return newId;
  });
  return toMail(await mailOf(deps, id, itemId));
}

export async function updateMail(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  id: number,
  itemId: number,
  input: z.output<typeof automaticMailUpdateSchema>,
): Promise<AutomaticMail> {
  await programmeFor(deps.db, auth, type, id);
  assertEventFits(type, input);
  const before = await mailOf(deps, id, itemId);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.updateMailRow(tx, id, itemId, input)))
      throw new AppError(
        409,
        'STALE_VERSION',
        'Someone else changed this automatic mail while you were editing. Reload to see their changes, then edit again.',
      );
    const changes: Record<string, [unknown, unknown]> = {};
    const pairs: [string, unknown, unknown][] = [
      ['eventType', before.event_type, input.eventType],
      ['eventStatus', before.event_status, input.eventStatus],
      ['subject', before.subject, input.subject],
      ['body', before.body, input.body],
      ['recipientRole', before.recipient_role, input.recipientRole],
      ['published', before.published, input.published],
    ];
    for (const [name, from, to] of pairs) if (from !== to) changes[name] = [from, to];
    await audit(tx, auth, {
      action: 'automatic_mail.updated',
      entityType: 'automatic_mail',
      entityId: itemId,
      changes,
    });
  });
  return toMail(await mailOf(deps, id, itemId));
}

export async function deleteMail(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  id: number,
  itemId: number,
): Promise<void> {
  await programmeFor(deps.db, auth, type, id);
  const before = await mailOf(deps, id, itemId);
  await deps.db.transaction(async (tx) => {
    await repo.deleteMailRow(tx, itemId);
    await audit(tx, auth, {
      action: 'automatic_mail.deleted',
      entityType: 'automatic_mail',
      entityId: itemId,
      changes: { subject: before.subject, eventType: before.event_type },
    });
  });
}

/** The mail as a real student of the programme would receive it. */
export async function preview(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  id: number,
  itemId: number,
  studentId: number | undefined,
) {
  await programmeFor(deps.db, auth, type, id);
  const mail = await mailOf(deps, id, itemId);
  const found = await previewSubject(deps.db, id, studentId);
  if (!found)
    throw badRequest('This person is not a student of the programme.', {
      studentId: 'Not a student of this programme',
    });
  const values = placeholderValues(found.subject, deps.config.publicUrl);
  return {
    subject: renderPlaceholders(mail.subject, values),
    body: renderPlaceholders(mail.body, values),
    student:
      found.real && found.subject.student_id !== null
        ? {
            id: found.subject.student_id,
            name: `${found.subject.first_name ?? ''} ${found.subject.last_name ?? ''}`.trim(),
          }
        : null,
    recipients: [RECIPIENT_ROLE_LABELS[mail.recipient_role]],
  };
}

/** Sends the preview to the user who asks, marked as a test, through the outbox. */
export async function testSend(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  id: number,
  itemId: number,
  studentId: number | undefined,
): Promise<{ to: string }> {
  const rendered = await preview(deps, auth, type, id, itemId, studentId);
  const email = auth.realUser.email;
  if (!email)
    throw new AppError(
      409,
      'CONFLICT',
      'Your account has no e-mail address; add one on your profile to receive a test mail.',
    );
  const mailId = await deps.db.transaction(async (tx) => {
    const queued = await deps.mailer.enqueue(tx, {
      to: email,
      toUserId: auth.realUser.jwlId,
      subject: `[Test] ${rendered.subject}`,
      text: rendered.body,
      kind: 'automatic-test',
    });
    await audit(tx, auth, {
      action: 'automatic_mail.test_sent',
      entityType: 'automatic_mail',
      entityId: itemId,
      changes: { to: email },
    });
    return queued;
  });
  deps.mailer.dispatch([mailId]);
  return { to: email };
}
