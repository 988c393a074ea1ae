import { describe, expect, it } from 'vitest';
import { resourceInputSchema, taskInputSchema } from '@lantern/contracts/learning-content';
import { initialItemForm, itemBody } from './item-form';

describe('the item form', () => {
  it('makes a text task the server accepts', () => {
    const form = {
      ...initialItemForm('text_task', null),
      title: 'Essay',
      minWords: '50',
      maxWords: '',
    };
    const body = itemBody(form);
    expect(taskInputSchema.parse(body)).toMatchObject({
      kind: 'text_task',
      maxPoints: 10,
      settings: { minWords: 50, maxWords: null },
    });
  });

  it('makes a file task with its types and size in bytes', () => {
    const form = {
      ...initialItemForm('file_task', null),
      title: 'Plan',
      delivery: 'onsite' as const,
      maxFileMegabytes: '2',
    };
    expect(taskInputSchema.parse(itemBody(form))).toMatchObject({
      delivery: 'onsite',
      settings: { accept: ['pdf', 'docx'], maxFiles: 1, maxFileBytes: 2 * 1024 * 1024 },
    });
  });

  it('makes a video resource from a pasted address, and a file from an upload', () => {
    const video = {
      ...initialItemForm('resource', null),
      title: 'Talk',
      format: 'video' as const,
      url: 'https://youtu.be/abcdefg',
    };
    expect(resourceInputSchema.parse(itemBody(video)).settings).toEqual({
      format: 'video',
      url: 'https://youtu.be/abcdefg',
    });
    const file = {
      ...initialItemForm('resource', null),
      title: 'Doc',
      format: 'file' as const,
      uploadId: '0b5e2a8e-1111-4222-8333-444455556666',
    };
    expect(resourceInputSchema.parse(itemBody(file)).settings).toEqual({
      format: 'file',
      uploadId: '0b5e2a8e-1111-4222-8333-444455556666',
    });
  });

  it('makes a voice task with its longest recording, and reads one back', () => {
    const form = {
      ...initialItemForm('voice_task', null),
      title: 'Introduce yourself',
      maxSeconds: '90',
      allowFile: true,
    };
    const body = taskInputSchema.parse(itemBody(form));
    expect(body).toMatchObject({
      kind: 'voice_task',
      settings: { maxSeconds: 90, allowFile: true, maxAttempts: null },
    });
    const short = { ...form, maxSeconds: '5' };
    expect(taskInputSchema.safeParse(itemBody(short)).error?.issues[0]?.message).toBe(
      'At least 10 seconds.',
    );
    const fresh = initialItemForm('voice_task', null);
    expect([fresh.maxSeconds, fresh.allowFile]).toEqual(['120', false]);
  });

  it('makes a graded discussion with its requirement and forum settings', () => {
    const fresh = initialItemForm('discussion', null);
    expect([fresh.minPosts, fresh.minReplies, fresh.topicsBy, fresh.separateClasses]).toEqual([
      '1',
      '0',
      'staff',
      true,
    ]);
    const form = {
      ...fresh,
      title: 'Debate',
      minPosts: '3',
      minReplies: '2',
      minWordsPerPost: '40',
      topicsBy: 'everyone' as const,
    };
    expect(taskInputSchema.parse(itemBody(form))).toMatchObject({
      kind: 'discussion',
      settings: {
        minPosts: 3,
        minReplies: 2,
        minWordsPerPost: 40,
        topicsBy: 'everyone',
        separateClasses: true,
      },
    });
    expect(taskInputSchema.safeParse(itemBody({ ...form, minPosts: '0' })).success).toBe(false);
  });
});

describe('the quiz part of the item form', () => {
  it('sends the slots, the points they add up to, and the first session only when new', () => {
    const blank = initialItemForm('quiz', null);
    const f = {
      ...blank,
      title: 'Money check',
      quiz: {
        ...blank.quiz,
        settings: {
          ...blank.quiz.settings,
          slots: [
            { type: 'fixed' as const, questionId: 4, points: 2 },
            { type: 'random' as const, bankId: 1, count: 3, pointsEach: 1.5 },
          ],
        },
      },
    };
    expect(itemBody(f)).toMatchObject({
      kind: 'quiz',
      maxPoints: 6.5,
      settings: { slots: f.quiz.settings.slots },
      session: { classId: null, gradingMethod: 'highest' },
    });
    expect(itemBody(f, false)).not.toHaveProperty('session');
  });
});
