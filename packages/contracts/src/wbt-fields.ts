// Small field schemas the training contracts share: times and ids.
import { z } from 'zod';

export const iso = z.string();
export const id = z.number().int();
