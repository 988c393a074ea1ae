import { z } from 'zod';
import { FILE_TYPE_LABELS, MAX_FILE_BYTES, type FileTypeKey } from './learning-kinds';

/**
 * Resumable uploads (decision 0019, "Files and uploads"): tus 1.0 — core, creation and
 * termination — on `/api/:locale/lms/submission-uploads` and `…/document-uploads`.
 */
export const TUS_VERSION = '1.0.0';

/** The largest upload (spec §9: 512mb); a task's own `maxFileBytes` may be smaller. */
export const MAX_UPLOAD_BYTES = MAX_FILE_BYTES;

/**
 * What the browser sends in one PATCH. A PATCH cut off keeps what arrived, so this bounds only
 * how long one request runs (proxies' timeouts), not what a dropped link costs.
 */
export const UPLOAD_CHUNK_BYTES = 64 * 1024 * 1024;

/** A byte count as people read it: "850 bytes", "12 KB", "2.5 MB", "25 MB", "1.2 GB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${String(shown)} ${units[unit] ?? 'TB'}`;
}

/**
 * A size beside a limit it passes: in human units, with the exact bytes when the rounded
 * figures would read the same ("25 MB (26,214,401 bytes)" beside "25 MB (26,214,400 bytes)").
 */
export function sizesApart(size: number, limit: number): { size: string; limit: string } {
  const [a, b] = [fileSize(size), fileSize(limit)];
  if (a !== b) return { size: a, limit: b };
  const exact = (n: number) => `${n.toLocaleString('en')} bytes`;
  return { size: `${a} (${exact(size)})`, limit: `${b} (${exact(limit)})` };
}

/** Unfinished uploads one person may have at once. */
export const MAX_UNFINISHED_UPLOADS = 5;

/** An unfinished upload is kept this long after its last byte arrived, then swept. */
export const UPLOAD_EXPIRY_HOURS = 24;

/** What a course document may be: PDFs, office files, pictures, sound and video. */
export const DOCUMENT_FILE_TYPES = [
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'jpg',
  'png',
  'webp',
  'mp3',
  'm4a',
  'ogg',
  'webm',
  'mp4',
] as const satisfies readonly FileTypeKey[];

/** "PDF, Word document or Plain text": accepted types as a refusal names them. */
export function fileTypesText(keys: readonly FileTypeKey[]): string {
  const labels = keys.map((key) => FILE_TYPE_LABELS[key]);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1) ?? ''}`;
}

/** The answer to creating an upload (its address is also in `Location`). */
export const uploadCreatedSchema = z.object({
  uploadId: z.uuid(),
  offset: z.number().int(),
  expiresAt: z.string(),
});
export type UploadCreated = z.infer<typeof uploadCreatedSchema>;
