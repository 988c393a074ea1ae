import type { Db } from '@lantern/db/client';
import { insertInvitations } from './enrolments-invitations.repository';
import { hashToken, newToken } from '../../lib/tokens';

/** An invitation stays open longer than a reset link: applicants read their mail rarely. */
export const INVITATION_TTL_DAYS = 14;

export type Invitee = {
  enrolmentId: number;
  userId: number;
  firstName: string;
  username: string;
  email: string;
};

function invitationText(input: {
  invitee: Invitee;
  programme: { code: string; title: string };
  link: string;
}): string {
  const { invitee, programme, link } = input;
  return [
    `Hello ${invitee.firstName},`,
    '',
    `Welcome! You have been accepted to the programme ${programme.title} (${programme.code}).`,
    `Your Lantern account is ready; your username is "${invitee.username}".`,
    `Open this link within ${INVITATION_TTL_DAYS} days to choose your password:`,
    '',
    link,
    '',
    'If the link has expired, ask for a new one with "Forgot password" on the sign-in page.',
  ].join('\n');
}

/**
 * Queues one invitation per accepted person who has no password yet: a one-time link to set
 * it (the password-reset token, open for longer) and the mail in the outbox, inside the
 * caller's transaction. The outbox's dedupe key holds it to one invitation per enrolment,
 * and a link is stored only with a mail that was queued. Returns the mails' ids, to dispatch
 * after the commit.
 */
export async function queueInvitations(
  db: Db,
  input: {
    invitees: Invitee[];
    programme: { code: string; title: string };
    publicUrl: string;
  },
): Promise<number[]> {
  if (input.invitees.length === 0) return [];
  const tokens = input.invitees.map(() => newToken());
  const texts = input.invitees.map((invitee, i) =>
    invitationText({
      invitee,
      programme: input.programme,
      link: `${input.publicUrl}/en/set-new-password#token=${tokens[i] ?? ''}`,
    }),
  );
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
  return insertInvitations(db, {
    invitees: input.invitees,
    texts,
    tokenHashes: tokens.map(hashToken),
    expiresAt,
  });
}
