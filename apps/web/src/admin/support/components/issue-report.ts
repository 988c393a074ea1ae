import type { CurrentUser } from '@lantern/contracts/current-user';
import { ERROR_TEXTS, NETWORK_ERROR_KEYS } from '@lantern/contracts/messages';
import type { AppErrorEntry } from '../../../lib/app-store';

const ISSUE_TITLES: Readonly<Record<string, string>> = {
  'system-error': 'Report an error',
};
const DEFAULT_TITLE = 'Contact the helpdesk';

/** The page title for the `issueType` of the address (spec §2: for example system-error). */
export const issueTitle = (issueType: string | null): string =>
  (issueType !== null ? ISSUE_TITLES[issueType] : undefined) ?? DEFAULT_TITLE;

/** The issue type as it goes into the report: short, one line, whatever the address holds. */
export const cleanIssueType = (issueType: string | null): string =>
  (issueType ?? '').replace(/\s+/g, ' ').trim().slice(0, 60) || 'general';

const KEY_TEXTS: readonly (readonly [string, string])[] = [
  [NETWORK_ERROR_KEYS.serverError, ERROR_TEXTS.serverError],
  [NETWORK_ERROR_KEYS.configurationError, ERROR_TEXTS.configurationError],
];

/** A recorded error as people read it: the network keys of spec §8 in words. */
export const readableError = (error: string): string =>
  KEY_TEXTS.reduce((text, [key, words]) => text.split(key).join(words), error);

/** Newest first: the error the user just saw leads. */
export const newestFirst = (errors: readonly AppErrorEntry[]): AppErrorEntry[] =>
  [...errors].reverse();

export type IssueReportInput = {
  issueType: string | null;
  user: Pick<CurrentUser, 'id' | 'activeRole' | 'impersonatedBy'>;
  errors: readonly AppErrorEntry[];
  version: string;
  origin: string;
  userAgent: string;
  reportedAt: Date;
};

/** The plain-text details for the helpdesk: who (JWL-ID), what, where (full address) and when. */
export function buildIssueReport(input: IssueReportInput): string {
  const { user, errors, origin } = input;
  const lines = [
    `Issue type: ${cleanIssueType(input.issueType)}`,
    `JWL-ID: ${user.id}`,
    ...(user.impersonatedBy
      ? [`Impersonated by: ${user.impersonatedBy.username} (JWL-ID ${user.impersonatedBy.id})`]
      : []),
    `Role: ${user.activeRole ?? 'none'}`,
    'Course: ',
    `Lantern version: ${input.version}`,
    `Browser: ${input.userAgent}`,
    `Reported at: ${input.reportedAt.toISOString()}`,
    '',
  ];
  if (errors.length === 0) {
    lines.push('Recorded errors: none');
  } else {
    lines.push(`Recorded errors (${errors.length}, newest first):`);
    newestFirst(errors).forEach((entry, index) => {
      lines.push(
        `${index + 1}. ${entry.timestamp}  ${origin}${entry.page}`,
        `   ${readableError(entry.error)}`,
      );
    });
  }
  return lines.join('\n');
}

/** Mail programs and browsers cut long mailto links; past this the body points to Copy details. */
export const MAILTO_BODY_MAX = 1800;
const CUT_NOTE =
  "\n[…] More details did not fit into this e-mail; please paste them from 'Copy details'.";

/** A mailto link to the helpdesk with subject and body filled in. */
export function helpdeskMailto(email: string, subject: string, details: string): string {
  const intro = 'Please add the course and attach your screenshot.\n\n';
  let body = intro + details;
  if (body.length > MAILTO_BODY_MAX) {
    const room = MAILTO_BODY_MAX - CUT_NOTE.length;
    const cut = body.lastIndexOf('\n', room);
    body = body.slice(0, cut > intro.length ? cut : room) + CUT_NOTE;
  }
  const address = encodeURIComponent(email.trim()).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
