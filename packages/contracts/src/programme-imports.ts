// What every file import shares: how the file is read (encoding, dates), the dry run's reading,
// its problems and its report.
import { z } from 'zod';

/** The text encodings an imported CSV is read in: detected, or chosen by the person. */
export const IMPORT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
  'windows-1256',
] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
export const IMPORT_ENCODING_LABELS: Record<ImportEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European)',
  'windows-1256': 'Windows-1256 (Arabic)',
};

/** How a file writes its dates with slashes: day first, or month first (a US export). */
export const DATE_ORDERS = ['dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const DATE_FORMATS = { iso: 'YYYY-MM-DD', dmy: 'DD/MM/YYYY', mdy: 'MM/DD/YYYY' } as const;

/** What every file import's query takes: a dry run, and the reading the person chose. */
export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  encoding: z.enum(IMPORT_ENCODINGS).optional(),
  dateOrder: z.enum(DATE_ORDERS).optional(),
});
export type ImportReadOptions = { encoding?: ImportEncoding; dateOrder?: DateOrder };

/** A row's person as the file will write them: name and the fields that tell people apart. */
export const readingPersonSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  jwlId: z.number().int().nullable(),
  birthDate: z.string().nullable(),
  email: z.string().nullable(),
  clcCode: z.string().nullable(),
});
export type ReadingPerson = z.infer<typeof readingPersonSchema>;
/** Rows a dry run shows with their people (the counts are always whole). */
export const READING_PEOPLE_LIMIT = 200;

/** How the file was read, shown in the dry run so a person sees what will be written. */
export const fileReadingSchema = z.object({
  /** The text encoding (null for XLSX, which says its own). */
  encoding: z.enum(IMPORT_ENCODINGS).nullable(),
  /** True when the encoding was detected, false when the person chose it. */
  encodingDetected: z.boolean(),
  /**
   * How the dates are written: ISO, DD/MM/YYYY or MM/DD/YYYY as the file's values decide (or
   * the person chose), `ambiguous` when they cannot tell and nobody chose; null: no dates.
   */
  dates: z.enum(['iso', 'dmy', 'mdy', 'ambiguous']).nullable(),
  /** The first rows' people as they will be written (READING_PEOPLE_LIMIT of them at most). */
  people: z.array(readingPersonSchema),
});
export type FileReading = z.infer<typeof fileReadingSchema>;

export const importProblemSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export const importReportSchema = z.object({
  /** True when nothing was written: a dry run, or a file with problems. */
  dryRun: z.boolean(),
  rows: z.number().int(),
  problems: z.array(importProblemSchema),
  /** What the file does (or did): new people, existing people matched, already applicants. */
  created: z.number().int(),
  matched: z.number().int(),
  alreadyApplied: z.number().int(),
  reading: fileReadingSchema.optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
