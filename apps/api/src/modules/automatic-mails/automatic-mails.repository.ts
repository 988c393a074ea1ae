import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AutomaticMail,
  automaticMailInputSchema,
  automaticMailUpdateSchema,
  RecipientRole,
} from '@lantern/contracts/automatic-mail';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import { rows } from '../../lib/sql';
import { programmeInReach } from '../../lib/programme-reach';

type Input = z.output<typeof automaticMailInputSchema>;

export type MailRow = {
  id: number;
  programme_id: number;
  event_type: AutomaticMail['eventType'];
  event_status: string | null;
  subject: string;
  body: string;
  recipient_role: RecipientRole;
  published: boolean;
  sent: number;
  version: number;
  updated_at: Date | string;
};

/** The programme, if it has that type and is offered at a CLC of the scope. */
export async function programmeInScope(
  db: Db,
  scope: number[] | null,
  type: ProgrammeType,
  id: number,
) {
  const [programme] = await rows<{ id: number; code: string; title: string; type: ProgrammeType }>(
    db,
    sql`select p.id, p.code, p.title, p.type::text as type from programmes p
        where p.id = ${id} and p.type = ${type} and ${programmeInReach(sql`p.id`, scope)}`,
  );
  return programme;
}

const SELECT = sql`select m.id, m.programme_id, m.event_type, m.event_status, m.subject, m.body,
  m.recipient_role, m.published, m.version, m.updated_at,
  (select count(*)::int from mail_outbox o where o.dedupe_key like 'auto:' || m.id || ':%') as sent
  from automatic_mails m`;

export async function programmeMails(db: Db, programmeId: number): Promise<MailRow[]> {
  return rows<MailRow>(
    db,
    sql`${SELECT} where m.programme_id = ${programmeId} order by m.event_type, m.id`,
  );
}

export async function mailRow(
  db: Db,
  programmeId: number,
  itemId: number,
): Promise<MailRow | undefined> {
  const [row] = await rows<MailRow>(
    db,
    sql`${SELECT} where m.id = ${itemId} and m.programme_id = ${programmeId}`,
  );
  return row;
}

export async function insertMail(tx: Db, id: number, input: Input): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into automatic_mails (programme_id, event_type, event_status, subject, body, recipient_role, published)
          values (${id}, ${input.eventType}, ${input.eventStatus}, ${input.subject}, ${input.body},
                  ${input.recipientRole}, ${input.published})
          returning id`,
  );
  return row?.id;
}

/** Saves a version of a mail; false when the version is no longer the current one. */
export async function updateMailRow(
  tx: Db,
  id: number,
  itemId: number,
  input: z.output<typeof automaticMailUpdateSchema>,
): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    tx,
    sql`update automatic_mails set event_type = ${input.eventType}, event_status = ${input.eventStatus},
            subject = ${input.subject}, body = ${input.body}, recipient_role = ${input.recipientRole},
            published = ${input.published}, version = version + 1, updated_at = now()
          where id = ${itemId} and programme_id = ${id} and version = ${input.version}
          returning id`,
  );
  return updated.length === 1;
}

export async function deleteMailRow(tx: Db, itemId: number): Promise<void> {
  await tx.execute(sql`delete from automatic_mails where id = ${itemId}`);
}
