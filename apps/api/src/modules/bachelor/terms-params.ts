import { z } from 'zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { Right } from '@lantern/contracts/rights';
import { idParams, MAX_ID } from '../../lib/params';

// What the bachelor term and classroom routes share: path parameters, error bodies, access.

export const recordId = z.coerce.number().int().positive().max(MAX_ID);
export const termParams = idParams.extend({ termId: recordId });
export const offeringParams = idParams.extend({ offeringId: recordId });
export const studentCourseParams = idParams.extend({ studentCourseId: recordId });
export const classParams = idParams.extend({ classId: recordId });
export const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
export const tags = ['bachelor'];
export const base = '/api/:locale/programme/bachelor/:id';
const programme: ProgrammeType = 'bachelor';
export const config = (right: Right) => ({ access: { right }, programme });
