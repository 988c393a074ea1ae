import type { ItemDetail, ResourceInput, TaskInput } from '@lantern/contracts/learning-content';
import type { ItemKind, TaskDelivery } from '@lantern/contracts/learning-enums';
import { MAX_FILE_BYTES, type FileTypeKey } from '@lantern/contracts/learning-kinds';
import { AUTHORING_FIELDS, type QuizFormValue, type WbtFormFields } from '../item-kinds/public';
import { fromLocalDateTime, toLocalDateTime } from '../../lib/format';

/** The item form's state: every field of every kind, as text where an input holds text. */
export type ItemFormState = {
  kind: ItemKind;
  title: string;
  body: string;
  visibleFrom: string;
  countsForProgress: boolean;
  format: 'text' | 'file' | 'link' | 'video';
  url: string;
  uploadId: string;
  fileId: string | null;
  delivery: TaskDelivery;
  maxPoints: string;
  dueAt: string;
  lateUntil: string;
  minWords: string;
  maxWords: string;
  maxAttempts: string;
  accept: FileTypeKey[];
  maxFiles: string;
  maxFileMegabytes: string;
  /** A voice task's longest recording. */
  maxSeconds: string;
  allowFile: boolean;
  /** A quiz's slots and layout, and for a new one its first session. */
  quiz: QuizFormValue;
  /** A graded discussion's requirement and forum settings. */
  minPosts: string;
  minReplies: string;
  minWordsPerPost: string;
  topicsBy: 'staff' | 'everyone';
  separateClasses: boolean;
} & WbtFormFields;

/** A stored training's display, or the default. */
function displayOf(v: unknown): { mode: 'embedded' | 'full'; heightPx: number } {
  if (typeof v !== 'object' || v === null) return { mode: 'embedded', heightPx: 720 };
  const d = v as { mode?: unknown; heightPx?: unknown };
  return {
    mode: d.mode === 'full' ? 'full' : 'embedded',
    heightPx: typeof d.heightPx === 'number' ? d.heightPx : 720,
  };
}

const str = (v: unknown): string =>
  typeof v === 'number' || typeof v === 'string' ? String(v) : '';

export function initialItemForm(kind: ItemKind, item: ItemDetail | null): ItemFormState {
  const s = item?.settings ?? {};
  const format = s.format;
  return {
    kind,
    title: item?.title ?? '',
    body: item?.body ?? '',
    visibleFrom: toLocalDateTime(item?.visibleFrom ?? null),
    countsForProgress: item?.countsForProgress ?? true,
    format: format === 'file' || format === 'link' || format === 'video' ? format : 'text',
    url: str(s.url),
    uploadId: '',
    fileId: format === 'file' ? str(s.fileId) : null,
    delivery: item?.delivery ?? 'online',
    maxPoints: str(item?.maxPoints ?? 10),
    dueAt: toLocalDateTime(item?.dueAt ?? null),
    lateUntil: toLocalDateTime(item?.lateUntil ?? null),
    minWords: str(s.minWords),
    maxWords: str(s.maxWords),
    maxAttempts: str(s.maxAttempts),
    accept: Array.isArray(s.accept) ? (s.accept as FileTypeKey[]) : ['pdf', 'docx'],
    maxFiles: str(s.maxFiles ?? 1),
    maxFileMegabytes: str(
      typeof s.maxFileBytes === 'number' ? Math.round(s.maxFileBytes / 1024 / 1024) : 50,
    ),
    maxSeconds: str(s.maxSeconds ?? 120),
    allowFile: s.allowFile === true,
    packageId: typeof s.packageId === 'number' ? s.packageId : null,
    gradeFrom: s.gradeFrom === 'completion' ? 'completion' : 'score',
    completeWhen:
      s.completeWhen === 'completed' || s.completeWhen === 'passed'
        ? s.completeWhen
        : 'completed_or_passed',
    isPublic: s.isPublic === true,
    displayMode: displayOf(s.display).mode,
    heightPx: str(displayOf(s.display).heightPx),
    quiz: AUTHORING_FIELDS.quiz.formOf(kind === 'quiz' ? s : null),
    minPosts: str(s.minPosts ?? 1),
    minReplies: str(s.minReplies ?? 0),
    minWordsPerPost: str(s.minWordsPerPost),
    topicsBy: s.topicsBy === 'everyone' ? 'everyone' : 'staff',
    separateClasses: s.separateClasses !== false,
  };
}

const num = (v: string): number | null => (v.trim() === '' ? null : Number(v));

/**
 * The request body of the form: a resource's or a task's input (the server checks it again).
 * A quiz's first session goes with its creation only; later it is edited on its own page.
 */
export function itemBody(f: ItemFormState, isNew = true): ResourceInput | TaskInput {
  const common = {
    title: f.title,
    body: f.body,
    visibleFrom: fromLocalDateTime(f.visibleFrom),
    countsForProgress: f.countsForProgress,
  };
  if (f.kind === 'resource') {
    const settings: ResourceInput['settings'] =
      f.format === 'link' || f.format === 'video'
        ? { format: f.format, url: f.url }
        : f.format === 'file'
          ? f.uploadId.trim()
            ? { format: 'file', uploadId: f.uploadId.trim() }
            : { format: 'file', ...(f.fileId ? { fileId: f.fileId } : {}) }
          : { format: 'text' };
    return { ...common, settings };
  }
  const task = {
    ...common,
    delivery: f.delivery,
    maxPoints: Number(f.maxPoints),
    dueAt: fromLocalDateTime(f.dueAt),
    lateUntil: fromLocalDateTime(f.lateUntil),
  };
  if (f.kind === 'text_task')
    return {
      ...task,
      kind: 'text_task',
      settings: {
        minWords: num(f.minWords),
        maxWords: num(f.maxWords),
        maxAttempts: num(f.maxAttempts),
      },
    };
  if (f.kind === 'quiz')
    // The quiz's points are its slots' (the server sets them the same way).
    return {
      ...task,
      kind: 'quiz',
      maxPoints: AUTHORING_FIELDS.quiz.points(f.quiz.settings.slots),
      settings: f.quiz.settings,
      ...(isNew ? { session: f.quiz.session } : {}),
    } as TaskInput;
  if (f.kind === 'voice_task')
    return {
      ...task,
      kind: 'voice_task',
      settings: {
        maxSeconds: Number(f.maxSeconds),
        allowFile: f.allowFile,
        maxAttempts: num(f.maxAttempts),
      },
    };
  if (f.kind === 'wbt')
    return {
      ...task,
      kind: 'wbt',
      settings: {
        // 0 is no package: the server refuses it with its sentence.
        packageId: f.packageId ?? 0,
        gradeFrom: f.gradeFrom,
        completeWhen: f.completeWhen,
        maxAttempts: num(f.maxAttempts),
        isPublic: f.isPublic,
        display: { mode: f.displayMode, heightPx: Number(f.heightPx) },
      },
    };
  if (f.kind === 'discussion')
    return {
      ...task,
      kind: 'discussion',
      settings: {
        minPosts: Number(f.minPosts),
        minReplies: Number(f.minReplies),
        minWordsPerPost: num(f.minWordsPerPost),
        topicsBy: f.topicsBy,
        separateClasses: f.separateClasses,
      },
    };
  return {
    ...task,
    kind: 'file_task',
    settings: {
      accept: f.accept,
      maxFiles: Number(f.maxFiles),
      maxFileBytes: Math.min(MAX_FILE_BYTES, Math.round(Number(f.maxFileMegabytes) * 1024 * 1024)),
      maxAttempts: num(f.maxAttempts),
    },
  };
}
