import { describe, expect, it } from 'vitest';
import type { Evidence } from '@lantern/contracts/dropout';
import { dataAsOf, evidenceSentence, evidenceTasks } from './evidence';

const tasks = [
  { id: 1, title: 'Reflection', course: 'TT1 · Teaching' },
  { id: 2, title: 'Poster', course: 'TT1 · Teaching' },
  { id: 3, title: 'Essay', course: 'TT1 · Teaching' },
  { id: 4, title: 'Warm-up', course: 'TT1 · Teaching' },
];
const evidence = (over: Partial<Evidence>): Evidence => ({
  counted: [1, 2, 3],
  excluded: [],
  ratio: 0.6667,
  threshold: 0.5,
  dataAsOf: '2026-11-26T17:10:00.000+00:00',
  lastSyncAt: null,
  ...over,
});

describe('dropout evidence in words', () => {
  it('says each criterion with the figures and the threshold', () => {
    expect(evidenceSentence('missed_tasks', evidence({}), tasks)).toBe(
      'Missed 2 of 3 graded tasks due so far (67 %); this item flags from 50 %.',
    );
    expect(evidenceSentence('failed_tasks', evidence({ counted: [1, 2], ratio: 0.5 }), tasks)).toBe(
      'Failed 1 of 2 published grades (50 %); this item flags from 50 %.',
    );
    expect(
      evidenceSentence(
        'below_grade',
        evidence({ counted: [1, 2], ratio: 0.5, threshold: 0.6 }),
        tasks,
      ),
    ).toBe('The result so far in TT1 · Teaching is 50 % of the scale; this item flags below 60 %.');
    expect(
      evidenceSentence(
        'inactive',
        evidence({ counted: [], ratio: 4.29, weeksInactive: 4.29, threshold: 2 }),
        tasks,
      ),
    ).toBe('No submission and no progress for 4.3 weeks; this item flags from 2 weeks.');
  });

  it('names the counted and excluded tasks and why', () => {
    const e = evidence({
      counted: [1, 2],
      excluded: [
        { itemId: 3, why: 'study_break' },
        { itemId: 4, why: 'zero_point' },
      ],
    });
    expect(evidenceTasks(e, tasks)).toEqual({
      counted: ['Reflection', 'Poster'],
      excluded: [
        'Essay: due during the student’s study break',
        'Warm-up: adds nothing to the result (zero-point task)',
      ],
    });
    expect(dataAsOf(e)).toBe('Data as of 26 Nov 2026, 17:10 UTC.');
  });
});
