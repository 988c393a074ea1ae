// Small field schemas the quiz contracts share: ids, times, versions and required lines.
import { z } from 'zod';

export const id = z.number().int().positive();
export const iso = z.string();
export const version = z.number().int().min(1);
export const requiredLine = (max: number) =>
  z
    .string({ error: 'This field must be filled' })
    .trim()
    .min(1, 'This field must be filled')
    .max(max, `At most ${String(max)} characters`);
