import { z } from 'zod';
import type { ItemKind } from './learning-enums';
import { discussionSettingsSchema } from './discussions';
import { quizSettingsSchema } from './quiz';
import { VOICE_ACCEPT, voiceMaxFileBytes, voiceTaskSettingsSchema } from './voice';
import { wbtSettingsSchema } from './wbt-settings';

/**
 * The item-kind registry (decision 0019): what each kind of learning item is — which right
 * family authors it, whether it is graded, what a learner answers with, how it completes — and
 * the zod schema of its `settings`, parsed on every write and read. A new kind (issue 16: wbt,
 * quiz, discussion, voice_task) is an enum value, an entry here and a server module.
 */

/** The largest file a learner may hand in (spec §9: 512mb). */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;

/**
 * File types a task may accept, by what their bytes are (sniffed), never by their name. HTML,
 * SVG and executables are never accepted: they could run script where they are opened.
 */
export const FILE_TYPE_KEYS = [
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'txt',
  'jpg',
  'png',
  'webp',
  'mp3',
  'm4a',
  'ogg',
  'webm',
  'mp4',
  'zip',
] as const;
export type FileTypeKey = (typeof FILE_TYPE_KEYS)[number];

// Voice answers are files of these kinds; voice.ts names them without importing this file.
const _voiceIsFileTypes: readonly FileTypeKey[] = VOICE_ACCEPT;

export const FILE_TYPE_LABELS: Record<FileTypeKey, string> = {
  pdf: 'PDF',
  docx: 'Word document',
  xlsx: 'Excel workbook',
  pptx: 'PowerPoint presentation',
  odt: 'OpenDocument text',
  ods: 'OpenDocument spreadsheet',
  odp: 'OpenDocument presentation',
  txt: 'Plain text',
  jpg: 'JPEG image',
  png: 'PNG image',
  webp: 'WebP image',
  mp3: 'MP3 audio',
  m4a: 'M4A audio',
  ogg: 'Ogg audio',
  webm: 'WebM video or audio',
  mp4: 'MP4 video',
  zip: 'ZIP archive',
};

/** The MIME types a sniffed file of each key may have (file-type's answers; txt by UTF-8 check). */
export const FILE_TYPE_MIMES: Record<FileTypeKey, readonly string[]> = {
  pdf: ['application/pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  odt: ['application/vnd.oasis.opendocument.text'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
  odp: ['application/vnd.oasis.opendocument.presentation'],
  txt: ['text/plain'],
  jpg: ['image/jpeg'],
  png: ['image/png'],
  webp: ['image/webp'],
  mp3: ['audio/mpeg'],
  m4a: ['audio/x-m4a', 'audio/mp4'],
  // file-type names Ogg Opus (Firefox's recordings) with its codec.
  ogg: ['audio/ogg', 'audio/opus', 'audio/ogg; codecs=opus'],
  webm: ['video/webm', 'audio/webm'],
  mp4: ['video/mp4'],
  zip: ['application/zip'],
};

const attempts = z.number().int().min(1).max(20).nullable().optional();

export const resourceSettingsSchema = z.discriminatedUnion('format', [
  z.object({ format: z.literal('text') }),
  z.object({ format: z.literal('file'), fileId: z.uuid() }),
  z.object({ format: z.literal('link'), url: z.url({ protocol: /^https?$/ }).max(2000) }),
  /** The embed address the server made of a pasted one, from an allowed host only. */
  z.object({ format: z.literal('video'), url: z.url({ protocol: /^https$/ }).max(2000) }),
]);
export type ResourceSettings = z.infer<typeof resourceSettingsSchema>;

export const textTaskSettingsSchema = z
  .object({
    minWords: z.number().int().min(1).max(20_000).nullable().optional(),
    maxWords: z.number().int().min(1).max(20_000).nullable().optional(),
    maxAttempts: attempts,
  })
  .refine((s) => !s.minWords || !s.maxWords || s.minWords <= s.maxWords, {
    message: 'The most words must be at least the fewest.',
    path: ['maxWords'],
  });
export type TextTaskSettings = z.infer<typeof textTaskSettingsSchema>;

export const fileTaskSettingsSchema = z.object({
  accept: z.array(z.enum(FILE_TYPE_KEYS)).min(1, 'At least 1 option must be selected'),
  maxFiles: z.number().int().min(1).max(10),
  maxFileBytes: z.number().int().min(1).max(MAX_FILE_BYTES),
  maxAttempts: attempts,
});
export type FileTaskSettings = z.infer<typeof fileTaskSettingsSchema>;

export type ItemKindSpec = {
  /** The right family whose CREATE/EDIT/DELETE author it. */
  family: 'COURSE_DOCUMENT' | 'COURSE_TASK';
  graded: boolean;
  /** What a learner hands in. */
  answer: 'none' | 'text' | 'files' | 'custom';
  /**
   * How it counts as done: marked by the learner, an attempt submitted, or reported by the
   * content itself (a training's SCO).
   */
  completion: 'mark_done' | 'submit' | 'tracked';
  settings: z.ZodType;
  /** The learner's page for its answer (spec §2 route names), if it has one. */
  answerRoute: 'submit_text' | 'submit_work' | 'unit_wbt' | 'quiz' | 'discuss' | null;
  label: string;
  /**
   * Whether authors may add it. A kind becomes authorable in the change that lands its answer
   * screen and its grading, never before (decision 0020 §1.11): the item-create route refuses
   * the others and the "Add" menus do not offer them.
   */
  authorable: boolean;
};

export const ITEM_KINDS = {
  resource: {
    family: 'COURSE_DOCUMENT',
    graded: false,
    answer: 'none',
    completion: 'mark_done',
    settings: resourceSettingsSchema,
    answerRoute: null,
    label: 'Resource',
    authorable: true,
  },
  text_task: {
    family: 'COURSE_TASK',
    graded: true,
    answer: 'text',
    completion: 'submit',
    settings: textTaskSettingsSchema,
    answerRoute: 'submit_text',
    label: 'Text task',
    authorable: true,
  },
  file_task: {
    family: 'COURSE_TASK',
    graded: true,
    answer: 'files',
    completion: 'submit',
    settings: fileTaskSettingsSchema,
    answerRoute: 'submit_work',
    label: 'File task',
    authorable: true,
  },
  voice_task: {
    family: 'COURSE_TASK',
    graded: true,
    answer: 'files',
    completion: 'submit',
    settings: voiceTaskSettingsSchema,
    answerRoute: 'submit_work',
    label: 'Voice task',
    authorable: true,
  },
  wbt: {
    family: 'COURSE_TASK',
    graded: true,
    answer: 'custom',
    completion: 'tracked',
    settings: wbtSettingsSchema,
    answerRoute: 'unit_wbt',
    label: 'Web-based training',
    authorable: true,
  },
  quiz: {
    family: 'COURSE_TASK',
    graded: true,
    answer: 'custom',
    completion: 'submit',
    settings: quizSettingsSchema,
    answerRoute: 'quiz',
    label: 'Quiz',
    authorable: true,
  },
  discussion: {
    family: 'COURSE_TASK',
    graded: true,
    answer: 'custom',
    completion: 'submit',
    settings: discussionSettingsSchema,
    answerRoute: 'discuss',
    label: 'Graded discussion',
    authorable: true,
  },
} as const satisfies Record<ItemKind, ItemKindSpec>;

/** The kinds authors may add now. */
export const AUTHORABLE_KINDS: readonly ItemKind[] = (Object.keys(ITEM_KINDS) as ItemKind[]).filter(
  (k) => {
    // Read through the wide type: while every kind is authorable the literal type says `true`.
    const spec: ItemKindSpec = ITEM_KINDS[k];
    return spec.authorable;
  },
);

/** A task is an item whose kind is graded. */
export const isTaskKind = (kind: ItemKind): boolean => ITEM_KINDS[kind].graded;

/** What a submission's files may be for an item: types, how many, how large; null if none. */
export type SubmissionFileRules = { accept: FileTypeKey[]; maxFiles: number; maxFileBytes: number };

/**
 * The upload rules of an item's submissions, read from its kind and settings (the upload
 * service, the draft check and the answer page all ask here, so they cannot disagree).
 */
export function submissionFileRules(kind: ItemKind, settings: unknown): SubmissionFileRules | null {
  if (kind === 'file_task') {
    const parsed = fileTaskSettingsSchema.safeParse(settings);
    if (!parsed.success) return null;
    const { accept, maxFiles, maxFileBytes } = parsed.data;
    return { accept, maxFiles, maxFileBytes };
  }
  if (kind === 'voice_task') {
    const parsed = voiceTaskSettingsSchema.safeParse(settings);
    if (!parsed.success) return null;
    return {
      accept: [...VOICE_ACCEPT],
      maxFiles: 1,
      maxFileBytes: voiceMaxFileBytes(parsed.data.maxSeconds),
    };
  }
  return null;
}

/**
 * The path (under /:lang) of an item's answer page, or null: `<answerRoute>/<itemId>`, except a
 * graded discussion, whose page is its forum, found by the item (decision 0020 §4.3).
 */
export function answerPathOf(kind: ItemKind, itemId: number): string | null {
  const route = ITEM_KINDS[kind].answerRoute;
  if (route === null) return null;
  return route === 'discuss' ? `discuss/item/${String(itemId)}` : `${route}/${String(itemId)}`;
}

/** The path (under /:lang) of the staff page that grades a submission of a kind. */
export const gradePathOf = (kind: ItemKind, submissionId: number): string =>
  `${kind === 'discussion' ? 'grade_discussion' : 'grade'}/${String(submissionId)}`;
