import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { gradeComment, gradeText } from './grade-text';

const t = i18n.t.bind(i18n);

describe('gradeText', () => {
  it('writes points, a return, or "Under review" with the comment held back', () => {
    const g = { outcome: 'graded' as const, points: 7, maxPoints: 10, comment: 'Well done.' };
    expect(gradeText(t, g)).toBe('7 / 10');
    expect(gradeText(t, { ...g, outcome: 'returned' })).toBe('Returned for rework');
    expect(gradeText(t, { ...g, underReview: true })).toBe('Under review');
    expect(gradeComment(g)).toBe('Well done.');
    expect(gradeComment({ ...g, underReview: true })).toBeNull();
  });
});
