import { z } from 'zod';
import { errorBodySchema } from '@lantern/contracts/errors';
import { bigId } from '@lantern/contracts/teaching';
import { questionSchema, type Question } from '@lantern/contracts/quiz';
import { localeParams, MAX_ID } from '../../../lib/params';

// What the quiz route files share: the path, the tag, the parameters and the refusals.

export const base = '/api/:locale/lms';
export const tags = ['quizzes'];

const id = z.coerce.number().int().positive().max(MAX_ID);
export const courseParams = localeParams.extend({ courseId: id });
export const bankParams = localeParams.extend({ bankId: id });
export const questionParams = localeParams.extend({ questionId: id });
export const itemParams = localeParams.extend({ itemId: id });
export const sessionParams = localeParams.extend({ sessionId: id });
export const attemptParams = localeParams.extend({ attemptId: bigId });
export const overrideParams = sessionParams.extend({ studentId: id });
export const submissionParams = localeParams.extend({ submissionId: bigId });

export const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

// The question's data is checked per kind by its input schema; answers carry it as stored.
export const questionOut = questionSchema;
export const asQuestion = (q: Question) => q as unknown as z.infer<typeof questionSchema>;
