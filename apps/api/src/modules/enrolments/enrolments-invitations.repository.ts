import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { intArray, rows, textArray } from '../../lib/sql';

/**
 * The invitations' mails queued and their links stored, in one statement: a link only with a
 * mail that was queued (the outbox's dedupe key holds it to one per enrolment). The mails' ids.
 */
export async function insertInvitations(
  db: Db,
  input: {
    invitees: readonly { userId: number; email: string; enrolmentId: number }[];
    texts: readonly string[];
    tokenHashes: readonly string[];
    expiresAt: Date;
  },
) {
  const queued = await rows<{ id: number }>(
    db,
    sql`with input as (
          select * from unnest(
            ${intArray(input.invitees.map((i) => i.userId))},
            ${textArray(input.invitees.map((i) => i.email))},
            ${textArray(input.texts)},
            ${textArray(input.tokenHashes)},
            ${textArray(input.invitees.map((i) => `invitation:enrolment:${i.enrolmentId}`))}
          ) as t(user_id, email, body, token_hash, dedupe_key)
        ),
        mail as (
          insert into mail_outbox (to_address, to_user_id, subject, text_body, kind, dedupe_key, status)
          select email, user_id, 'Welcome to Lantern: set your password', body, 'invitation',
                 dedupe_key, 'queued'
          from input
          on conflict (dedupe_key) do nothing
          returning id, dedupe_key
        ),
        link as (
          insert into password_reset_tokens (user_id, token_hash, expires_at)
          select i.user_id, i.token_hash, ${input.expiresAt.toISOString()}::timestamptz
          from input i join mail m on m.dedupe_key = i.dedupe_key
        )
        select id from mail`,
  );
  return queued.map((q) => q.id);
}
