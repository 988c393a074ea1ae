// Small field schemas the course-content contracts share: ids, dates, titles and versions.
import { z } from 'zod';
import { requiredText } from './common';
import { VALIDATION } from './messages';

export const id = z.number().int().positive();
export const isoDateTime = z.iso.datetime({ offset: true, error: VALIDATION.date });

export const title = requiredText(200);
export const version = z.number({ error: VALIDATION.number }).int().min(1);
