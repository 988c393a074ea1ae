import { z } from 'zod';
import { VALIDATION } from '@lantern/contracts/messages';
import { localeParams, MAX_ID } from '../../../lib/params';

/** The prefix of learning routes (decision 0019, "Routes"). */
export const LMS = '/api/:locale/lms';

export const idParam = z.coerce.number({ error: VALIDATION.number }).int().positive().max(MAX_ID);

export const courseParams = localeParams.extend({ courseId: idParam });
export const unitParams = localeParams.extend({ unitId: idParam });
export const itemParams = localeParams.extend({ itemId: idParam });
