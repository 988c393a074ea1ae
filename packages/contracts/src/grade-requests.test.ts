import { describe, expect, it } from 'vitest';
import { gradeRequestInputSchema } from './grade-requests';

const base = { courseId: 3, studentId: 9, gradeVersion: 2, reason: 'Published the wrong class' };

describe('gradeRequestInputSchema', () => {
  it('takes an undo-publish of a task grade', () => {
    const v = gradeRequestInputSchema.parse({ ...base, kind: 'undo_publish', itemId: 5 });
    expect(v.subject).toBe('task');
  });

  it('refuses an undo-publish with a new value or of a course result', () => {
    const withValue = gradeRequestInputSchema.safeParse({
      ...base,
      kind: 'undo_publish',
      itemId: 5,
      toPoints: 3,
    });
    expect(withValue.error?.issues[0]?.message).toBe('An undo-publish request takes no new value.');
    const result = gradeRequestInputSchema.safeParse({
      ...base,
      kind: 'undo_publish',
      subject: 'course_result',
    });
    expect(result.error?.issues.map((i) => i.message)).toContain(
      'Only a task grade can be unpublished.',
    );
  });

  it('asks a grade change for its points, and a task for its item', () => {
    const noPoints = gradeRequestInputSchema.safeParse({
      ...base,
      kind: 'grade_change',
      itemId: 5,
    });
    expect(noPoints.error?.issues[0]).toMatchObject({
      path: ['toPoints'],
      message: 'Enter the new points.',
    });
    const noItem = gradeRequestInputSchema.safeParse({
      ...base,
      kind: 'grade_change',
      toPoints: 4,
    });
    expect(noItem.error?.issues[0]?.path).toEqual(['itemId']);
    const returned = gradeRequestInputSchema.safeParse({
      ...base,
      kind: 'grade_change',
      itemId: 5,
      toOutcome: 'returned',
    });
    expect(returned.success).toBe(true);
  });

  it('keeps a course result to a score', () => {
    const ok = gradeRequestInputSchema.safeParse({
      ...base,
      kind: 'grade_change',
      subject: 'course_result',
      toPoints: 71.5,
    });
    expect(ok.success).toBe(true);
    const outcome = gradeRequestInputSchema.safeParse({
      ...base,
      kind: 'grade_change',
      subject: 'course_result',
      toPoints: 71.5,
      toOutcome: 'graded',
    });
    expect(outcome.error?.issues[0]?.message).toBe('A course result has a score only.');
  });

  it('requires a reason', () => {
    const blank = gradeRequestInputSchema.safeParse({
      ...base,
      reason: '  ',
      kind: 'undo_publish',
      itemId: 5,
    });
    expect(blank.error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: 'Say why this grade should change.',
    });
  });
});
