import type { Db } from '@lantern/db/client';
import type { Deps } from '../../lib/deps';

export type Stored = {
  id: number;
  kind: 'support_issue' | 'public_ticket';
  name: string;
  email: string | null;
  subject: string;
  description: string;
  userId: number | null;
  pageUrl: string | null;
  course: string | null;
  errors: { error: string; page: string; timestamp: string }[];
};

/** The sender's acknowledgement and the helpdesk's copy, in the transaction that stored it. */
export async function queueTicketMails(deps: Deps, tx: Db, t: Stored): Promise<number[]> {
  const ids: number[] = [];
  const ref = `#${t.id}`;
  if (t.email) {
    ids.push(
      await deps.mailer.enqueue(tx, {
        to: t.email,
        toUserId: t.userId,
        kind: 'support-acknowledgement',
        subject: `We received your message ${ref}: ${t.subject}`,
        text: [
          `Hello ${t.name},`,
          '',
          `Thank you for contacting the Lantern helpdesk. We received your message and will answer as soon as we can. Its number is ${ref}.`,
          '',
          'Your message:',
          t.description,
          '',
          'The Lantern helpdesk',
        ].join('\n'),
      }),
    );
  }
  if (deps.config.helpdeskEmail) {
    const lines = [
      `${t.kind === 'support_issue' ? 'Support issue' : 'Public ticket'} ${ref}`,
      `From: ${t.name}${t.email ? ` <${t.email}>` : ''}${t.userId ? ` (JWL-ID ${t.userId})` : ''}`,
      ...(t.pageUrl ? [`Page: ${t.pageUrl}`] : []),
      ...(t.course ? [`Course: ${t.course}`] : []),
      `Subject: ${t.subject}`,
      '',
      t.description,
    ];
    if (t.errors.length > 0) {
      lines.push('', `Recorded errors (${t.errors.length}):`);
      for (const e of t.errors) lines.push(`- ${e.timestamp} ${e.page}: ${e.error}`);
    }
    lines.push('', `Open it: ${deps.config.publicUrl}/en/support-tickets?ticket=${t.id}`);
    ids.push(
      await deps.mailer.enqueue(tx, {
        to: deps.config.helpdeskEmail,
        kind: 'support-helpdesk',
        subject: `[Lantern ${ref}] ${t.subject}`,
        text: lines.join('\n'),
      }),
    );
  }
  return ids;
}
