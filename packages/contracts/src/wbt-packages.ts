// Training packages as uploaded and listed (decision 0020 §2.2).
import { z } from 'zod';
import { id, iso } from './wbt-fields';
import { WBT_STANDARDS } from './wbt-constants';

// ---- packages (§2.2) ----

export const wbtScoSchema = z.object({
  /** 0-based, organisation order; the `sco` of commits. */
  index: id,
  identifier: z.string(),
  title: z.string(),
  /** Path inside the package (normalised, no leading `/`), without the parameters. */
  href: z.string(),
  /** The manifest's `parameters` (query or fragment), appended to `href` when launching. */
  parameters: z.string(),
});
export type WbtSco = z.infer<typeof wbtScoSchema>;

export const WBT_WARNING_CODES = ['external_reference', 'sequencing', 'flash'] as const;
export type WbtWarningCode = (typeof WBT_WARNING_CODES)[number];
export const wbtWarningSchema = z.object({
  code: z.enum(WBT_WARNING_CODES),
  /** The sentence shown to the author. */
  detail: z.string(),
});
export type WbtWarning = z.infer<typeof wbtWarningSchema>;

/**
 * Upload: tus 1.0 at `POST /api/:locale/lms/wbt-uploads` (metadata `courseId`, `filename`; HEAD,
 * PATCH, DELETE at the Location), as the other uploads; then
 * `POST …/course/:courseId/wbt-packages { uploadId }` → 201 (new) or 200 (the same zip was
 * uploaded to this course before), or 400 `WBT_PACKAGE_INVALID` / 413 / 415 with the sentence.
 */
export const wbtPackageInputSchema = z.object({ uploadId: z.uuid() });
export type WbtPackageInput = z.infer<typeof wbtPackageInputSchema>;

export const wbtPackageSchema = z.object({
  id: id,
  courseId: id,
  standard: z.enum(WBT_STANDARDS),
  title: z.string(),
  scos: z.array(wbtScoSchema),
  warnings: z.array(wbtWarningSchema),
  entries: id,
  /** The zip's bytes. */
  size: z.number().int(),
  unpackedBytes: z.number().int(),
  sha256: z.string(),
  uploadedBy: id.nullable(),
  createdAt: iso,
});
export type WbtPackage = z.infer<typeof wbtPackageSchema>;

/** `GET …/course/:courseId/wbt-packages` (newest first). */
export const wbtPackageListSchema = z.object({ packages: z.array(wbtPackageSchema) });
export type WbtPackageList = z.infer<typeof wbtPackageListSchema>;
