import { PROGRAMME_STATUS_LABELS, type ProgrammeStatus } from '@lantern/contracts/programme';

/** A programme status as a sentence says it ('preparation done'), from the database's value. */
export const statusText = (status: string): string =>
  PROGRAMME_STATUS_LABELS[status as ProgrammeStatus].toLowerCase();
