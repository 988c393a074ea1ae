// The PostgreSQL enums of the bachelor model (their values live in the contracts).
import { pgEnum } from 'drizzle-orm/pg-core';
import {
  COURSE_STATUSES,
  CREDIT_ENTRY_KINDS,
  EXPORT_STATUSES,
  OFFERING_KINDS,
  TERMS,
  TRANSFER_KINDS,
  TRANSFER_STATES,
  VERIFICATION_LEVELS,
} from '@lantern/contracts/bachelor';

export const termSeasonEnum = pgEnum('term_season', TERMS);
export const offeringKindEnum = pgEnum('offering_kind', OFFERING_KINDS);
export const courseStatusEnum = pgEnum('course_status', COURSE_STATUSES);
export const exportStatusEnum = pgEnum('export_status', EXPORT_STATUSES);
export const verificationLevelEnum = pgEnum('verification_level', VERIFICATION_LEVELS);
export const creditEntryKindEnum = pgEnum('credit_entry_kind', CREDIT_ENTRY_KINDS);
export const transferKindEnum = pgEnum('transfer_kind', TRANSFER_KINDS);
export const transferStateEnum = pgEnum('transfer_state', TRANSFER_STATES);
