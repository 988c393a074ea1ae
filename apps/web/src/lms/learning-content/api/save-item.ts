import { z } from 'zod';
import type { ResourceInput, TaskInput } from '@lantern/contracts/learning-content';
import { apiFetch } from '../../../lib/api-client';
import { useContentMutation } from './use-content-mutation';

const savedItemSchema = z.object({ id: z.number().int().optional(), version: z.number().int() });

export type ItemSave =
  | { family: 'resource'; unitId: number; itemId: null; data: ResourceInput }
  | {
      family: 'resource';
      unitId: number;
      itemId: number;
      data: ResourceInput & { version: number };
    }
  | { family: 'task'; unitId: number; itemId: null; data: TaskInput }
  | { family: 'task'; unitId: number; itemId: number; data: TaskInput & { version: number } };

/** Adds a resource or task to a unit, or edits one at its version. */
export const saveItem = (save: ItemSave) => {
  const plural = save.family === 'resource' ? 'resources' : 'tasks';
  return save.itemId === null
    ? apiFetch(`/api/en/lms/unit/${save.unitId}/${plural}`, {
        method: 'POST',
        body: save.data,
        schema: savedItemSchema,
      })
    : apiFetch(`/api/en/lms/${save.family}/${save.itemId}`, {
        method: 'PATCH',
        body: save.data,
        schema: savedItemSchema,
      });
};

export const useSaveItem = () => useContentMutation(saveItem);
