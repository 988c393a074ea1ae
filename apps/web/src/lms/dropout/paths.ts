import type { ProgrammeType } from '@lantern/contracts/programme';
import { currentTermYear, parseTermKey } from '@lantern/contracts/bachelor';

/** Spec §2: `:programme/dropout-flagging` (the list), `dropout-flagging/:programmeType/
 * :programme/:termKey/create` and `…/:itemId`. Programmes without terms use the term key `all`. */
export const ALL_TERMS = 'all';

export const dropoutListPath = (programmeId: number) =>
  `/en/programme/professional-certificate/${programmeId}/dropout-flagging`;
export const dropoutCreatePath = (type: ProgrammeType, programmeId: number, termKey = ALL_TERMS) =>
  `/en/dropout-flagging/${type}/${programmeId}/${termKey}/create`;
export const dropoutItemPath = (
  type: ProgrammeType,
  programmeId: number,
  termKey: string,
  itemId: number,
) => `/en/dropout-flagging/${type}/${programmeId}/${termKey}/${itemId}`;

/** The assignee's follow-ups; `flagId`: one flag's (a notification's link). */
export const dropoutFollowUpsPath = (flagId?: number) =>
  flagId === undefined ? '/en/dropout-follow-ups' : `/en/dropout-follow-ups?flag=${flagId}`;
export const dropoutReportPath = (programmeId: number) =>
  `/en/programme/professional-certificate/${programmeId}/dropout-flagging/report`;

/** Where an item's page goes back to: the programme's list, or a bachelor term's page (0022). */
export function dropoutBackPath(type: ProgrammeType, programmeId: number, termKey: string) {
  if (type !== 'bachelor') return dropoutListPath(programmeId);
  const term = parseTermKey(termKey);
  const base = `/en/programme/bachelor/${programmeId}/dropout-flagging`;
  return term ? `${base}/${term.year}/term/${termKey}` : `${base}/${currentTermYear()}`;
}
