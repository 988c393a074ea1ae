// Course content as authors read it: units and items with their settings, classes and dates.
import { z } from 'zod';
import { ITEM_KINDS_LIST, TASK_DELIVERIES, UNIT_STATUSES } from './learning-enums';
import { id } from './learning-content-fields';
import { programmeRefSchema } from './learning-content-views';

// ---------------------------------------------------------------- authoring

export const authoringItemSchema = z.object({
  id,
  kind: z.enum(ITEM_KINDS_LIST),
  title: z.string(),
  isPublished: z.boolean(),
  visibleFrom: z.string().nullable(),
  delivery: z.enum(TASK_DELIVERIES).nullable(),
  maxPoints: z.number().nullable(),
  dueAt: z.string().nullable(),
  /** Resource format (text, file, link, video), for the list. */
  format: z.string().nullable(),
  hasSubmissions: z.boolean(),
  version: z.number().int(),
});
export type AuthoringItem = z.infer<typeof authoringItemSchema>;

export const authoringUnitSchema = z.object({
  id,
  title: z.string(),
  summary: z.string(),
  status: z.enum(UNIT_STATUSES),
  opensAt: z.string().nullable(),
  hasSubmissions: z.boolean(),
  version: z.number().int(),
  items: z.array(authoringItemSchema),
});
export type AuthoringUnit = z.infer<typeof authoringUnitSchema>;

export const classRefSchema = z.object({ id, name: z.string(), clcCode: z.string() });

export const courseAuthoringSchema = z.object({
  course: z.object({
    id,
    code: z.string(),
    title: z.string(),
    contentVersion: z.number().int(),
    copiedFromCourseId: z.number().int().nullable(),
  }),
  programme: programmeRefSchema,
  units: z.array(authoringUnitSchema),
  classes: z.array(classRefSchema),
});
export type CourseAuthoring = z.infer<typeof courseAuthoringSchema>;

export const classDatesSchema = z.object({
  classId: id,
  className: z.string(),
  visibleFrom: z.string().nullable(),
  dueAt: z.string().nullable(),
  lateUntil: z.string().nullable(),
  version: z.number().int(),
});
export type ClassDates = z.infer<typeof classDatesSchema>;

/** An item as its author edits it: every stored field, the stored settings and class dates. */
export const itemDetailSchema = z.object({
  id,
  courseId: id,
  unitId: id,
  kind: z.enum(ITEM_KINDS_LIST),
  title: z.string(),
  body: z.string(),
  settings: z.record(z.string(), z.unknown()),
  /** A file resource's file, with a signed link. */
  file: z
    .object({ id: z.string(), name: z.string(), size: z.number().int(), url: z.string() })
    .nullable(),
  isPublished: z.boolean(),
  visibleFrom: z.string().nullable(),
  delivery: z.enum(TASK_DELIVERIES).nullable(),
  maxPoints: z.number().nullable(),
  weight: z.number().nullable(),
  dueAt: z.string().nullable(),
  lateUntil: z.string().nullable(),
  countsForProgress: z.boolean(),
  hasSubmissions: z.boolean(),
  classDates: z.array(classDatesSchema),
  classes: z.array(classRefSchema),
  version: z.number().int(),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;
