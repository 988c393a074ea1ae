import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  essayDataSchema,
  matchingDataSchema,
  multipleDataSchema,
  numericDataSchema,
  shortAnswerDataSchema,
  singleDataSchema,
} from '@lantern/contracts/quiz';
import {
  checkEssay,
  normaliseAnswer,
  parseNumber,
  scoreMatching,
  scoreMultiple,
  scoreNumeric,
  scoreShortAnswer,
  scoreSingle,
  scoreTrueFalse,
  wildcardMatch,
} from './scoring';
import { analyse, pearson } from './analysis.service';
import { methodGrade } from './quiz-grade';
import { drawQuestions, seededRandom } from './draw';
import { checkResponse, learnerView } from './responses';
import { withPartIds } from './banks-questions.service';

const single = singleDataSchema.parse({
  choices: [
    { id: 'a', text: 'Paris', fraction: 1, feedback: 'Yes.' },
    { id: 'b', text: 'Lyon', fraction: -0.5, feedback: 'No.' },
    { id: 'c', text: 'Nice', fraction: 0.25 },
  ],
});
const multiple = multipleDataSchema.parse({
  choices: [
    { id: 'a', text: '2', fraction: 0.5 },
    { id: 'b', text: '3', fraction: 0.5 },
    { id: 'c', text: '4', fraction: -1 },
    { id: 'd', text: '9', fraction: -0.25 },
  ],
});

describe('scoring', () => {
  it('single choice: the choice’s fraction, floored at 0, with its feedback', () => {
    expect(scoreSingle(single, { choiceId: 'a' })).toMatchObject({
      fraction: 1,
      state: 'correct',
      feedback: 'Yes.',
    });
    expect(scoreSingle(single, { choiceId: 'b' })).toMatchObject({ fraction: 0, state: 'wrong' });
    expect(scoreSingle(single, { choiceId: 'c' })).toMatchObject({
      fraction: 0.25,
      state: 'partial',
    });
    expect(scoreSingle(single, { choiceId: null }).state).toBe('unanswered');
  });

  it('multiple choice: the sum of the chosen fractions, clamped to 0…1', () => {
    expect(scoreMultiple(multiple, { choiceIds: ['a', 'b'] }).fraction).toBe(1);
    expect(scoreMultiple(multiple, { choiceIds: ['a'] }).fraction).toBe(0.5);
    expect(scoreMultiple(multiple, { choiceIds: ['a', 'd'] }).fraction).toBe(0.25);
    expect(scoreMultiple(multiple, { choiceIds: ['a', 'c'] }).fraction).toBe(0);
    expect(scoreMultiple(multiple, { choiceIds: [] }).state).toBe('unanswered');
    // Picking everything never beats picking only the right ones.
    fc.assert(
      fc.property(fc.subarray(['a', 'b', 'c', 'd']), (ids) => {
        const f = scoreMultiple(multiple, { choiceIds: ids }).fraction ?? 0;
        return f >= 0 && f <= 1 && (ids.includes('c') ? f === 0 : true);
      }),
    );
  });

  it('true or false', () => {
    const d = { correct: false, feedbackTrue: 'It is not.', feedbackFalse: '' };
    expect(scoreTrueFalse(d, { value: false })).toMatchObject({ fraction: 1, feedback: null });
    expect(scoreTrueFalse(d, { value: true })).toMatchObject({
      fraction: 0,
      feedback: 'It is not.',
    });
    expect(scoreTrueFalse(d, { value: null }).state).toBe('unanswered');
  });

  it('short answer: exact or wildcard, NFC, spaces collapsed, case as the answer says', () => {
    const d = shortAnswerDataSchema.parse({
      answers: [
        { id: 'x', text: 'Café  au lait', mode: 'exact', fraction: 1 },
        { id: 'y', text: 'photo*', mode: 'pattern', fraction: 0.5, feedback: 'Close.' },
        { id: 'z', text: 'ABC', mode: 'exact', caseSensitive: true, fraction: 1 },
      ],
    });
    // "é" as e + combining acute (NFD) is the same answer.
    expect(scoreShortAnswer(d, { text: '  cafe\u0301 AU   lait ' }).fraction).toBe(1);
    expect(scoreShortAnswer(d, { text: 'Photosynthesis' })).toMatchObject({
      fraction: 0.5,
      feedback: 'Close.',
    });
    expect(scoreShortAnswer(d, { text: 'abc' }).fraction).toBe(0);
    expect(scoreShortAnswer(d, { text: 'ABC' }).fraction).toBe(1);
    expect(scoreShortAnswer(d, { text: '   ' }).state).toBe('unanswered');
  });

  it('wildcards match as a reference matcher does, and never hang', () => {
    // A reference: the same pattern as an anchored regular expression with escaped literals.
    const reference = (p: string, t: string) =>
      new RegExp(
        `^${p
          .split('*')
          .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[\\s\\S]*')}$`,
        'u',
      ).test(t);
    fc.assert(
      fc.property(
        fc.stringMatching(/^[ab*]{0,8}$/),
        fc.stringMatching(/^[ab]{0,10}$/),
        (p, t) => wildcardMatch(p, t) === reference(p, t),
      ),
      { numRuns: 2000 },
    );
    // The pattern that backtracks a regular expression badly is linear here.
    const started = Date.now();
    expect(wildcardMatch(`${'*a'.repeat(30)}b`, 'a'.repeat(5000))).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('numbers: comma or point, tolerance inclusive, unparsable is 0', () => {
    const d = numericDataSchema.parse({
      answers: [
        { id: 'a', value: 3.14, tolerance: 0.01, fraction: 1 },
        { id: 'b', value: 3, tolerance: 0.5, fraction: 0.5 },
      ],
    });
    expect(parseNumber('3,15')).toBe(3.15);
    expect(parseNumber(' -2.5e1 ')).toBe(-25);
    expect(parseNumber('1.2.3')).toBeNull();
    expect(scoreNumeric(d, { text: '3,15' }).fraction).toBe(1);
    expect(scoreNumeric(d, { text: '3.13' }).fraction).toBe(1);
    expect(scoreNumeric(d, { text: '3.2' }).fraction).toBe(0.5);
    expect(scoreNumeric(d, { text: 'pi' })).toMatchObject({ fraction: 0, state: 'wrong' });
    expect(scoreNumeric(d, { text: '' }).state).toBe('unanswered');
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        const f = scoreNumeric(d, { text: String(x) }).fraction;
        const expected = Math.abs(x - 3.14) <= 0.01 + 1e-8 ? 1 : Math.abs(x - 3) <= 0.5 ? 0.5 : 0;
        return f === expected;
      }),
    );
  });

  it('matching: right pairs over pairs', () => {
    const d = matchingDataSchema.parse({
      pairs: [
        { id: 'p1', prompt: 'France', answerId: 'a1', answer: 'Paris' },
        { id: 'p2', prompt: 'Spain', answerId: 'a2', answer: 'Madrid' },
        { id: 'p3', prompt: 'Italy', answerId: 'a3', answer: 'Rome' },
      ],
      extraAnswers: [{ id: 'x1', text: 'Berlin' }],
    });
    expect(scoreMatching(d, { matches: { p1: 'a1', p2: 'a2', p3: 'a3' } }).fraction).toBe(1);
    expect(scoreMatching(d, { matches: { p1: 'a1', p2: 'x1', p3: null } }).fraction).toBeCloseTo(
      1 / 3,
      4,
    );
    expect(scoreMatching(d, { matches: {} }).state).toBe('unanswered');
    expect(checkResponse({ kind: 'matching', data: d }, { matches: { p9: 'a1' } }).ok).toBe(false);
    expect(checkResponse({ kind: 'matching', data: d }, { matches: { p1: 'zz' } }).ok).toBe(false);
  });

  it('essays: graded by a person; too few words at finish', () => {
    const d = essayDataSchema.parse({ minWords: 5 });
    expect(checkEssay(d, { text: 'Too short here.', fileId: null })).toMatchObject({
      fraction: null,
      problem: 'Not enough words.',
    });
    expect(checkEssay(d, { text: 'This one has enough words now.', fileId: null })).toMatchObject({
      state: 'needs_grading',
      problem: null,
    });
    expect(checkEssay(d, { text: '', fileId: null }).state).toBe('unanswered');
  });

  it('normalises answers', () => {
    expect(normaliseAnswer(' a \t b\n c ')).toBe('a b c');
  });
});

describe('what a learner sees', () => {
  it('holds no fraction, right answer, feedback or grader information', () => {
    const data = withPartIds('matching', {
      pairs: [
        { prompt: 'France', answer: 'Paris' },
        { prompt: 'Spain', answer: 'Madrid' },
      ],
      extraAnswers: [{ text: 'Berlin' }],
    }) as ReturnType<typeof matchingDataSchema.parse>;
    const view = JSON.stringify(learnerView({ kind: 'matching', data }, null));
    // Answer ids differ from pair ids, so the view does not pair them up.
    for (const p of data.pairs) expect(p.answerId).not.toBe(p.id);
    expect(view).not.toContain('fraction');
    const s = JSON.stringify(learnerView({ kind: 'single', data: single }, ['c', 'a', 'b']));
    expect(s).not.toMatch(/fraction|feedback|Yes\./);
    expect(JSON.parse(s)).toEqual({
      kind: 'single',
      choices: [
        { id: 'c', text: 'Nice' },
        { id: 'a', text: 'Paris' },
        { id: 'b', text: 'Lyon' },
      ],
    });
    const essay = essayDataSchema.parse({ graderInfo: 'Look for the three causes.' });
    expect(JSON.stringify(learnerView({ kind: 'essay', data: essay }, null))).not.toContain(
      'three causes',
    );
  });
});

describe('the draw', () => {
  const settings = {
    slots: [
      { type: 'fixed' as const, questionId: 1, points: 2 },
      { type: 'random' as const, bankId: 7, count: 3, pointsEach: 1 },
    ],
    shuffleQuestions: false,
    shuffleAnswers: true,
    questionsPerPage: 2,
    navigation: 'free' as const,
  };
  const bank = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, version: 1 }));
  it('is repeatable by client id and never repeats a question', () => {
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        const a = drawQuestions(
          settings,
          new Map([[7, bank]]),
          new Map([[1, 3]]),
          seededRandom(uuid),
        );
        const b = drawQuestions(
          settings,
          new Map([[7, bank]]),
          new Map([[1, 3]]),
          seededRandom(uuid),
        );
        expect(a).toEqual(b);
        const ids = (a ?? []).map((d) => d.questionId);
        return ids.length === 4 && new Set(ids).size === 4 && ids[0] === 1;
      }),
    );
  });
  it('refuses a bank smaller than what is drawn', () => {
    expect(
      drawQuestions(
        settings,
        new Map([[7, bank.slice(0, 3)]]),
        new Map([[1, 3]]),
        seededRandom('x'),
      ),
    ).toBeNull();
  });
});

describe('grading methods', () => {
  const attempts = [
    { total: 6, submissionId: 1, finishedAt: 1 },
    { total: 9, submissionId: 2, finishedAt: 2 },
    { total: 7, submissionId: 3, finishedAt: 3 },
  ];
  it('highest, last and average', () => {
    expect(methodGrade('highest', attempts)).toEqual({ points: 9, submissionId: 2 });
    expect(methodGrade('last', attempts)).toEqual({ points: 7, submissionId: 3 });
    expect(methodGrade('average', attempts)).toEqual({ points: 7.33, submissionId: 3 });
    expect(methodGrade('highest', [])).toBeNull();
  });
});

describe('item analysis', () => {
  it('matches a hand-computed data set', () => {
    // Four attempts of two questions (2 points each): q1 right in attempts 1–2, q2 in 1–3.
    const q1 = [1, 1, 0, 0];
    const q2 = [1, 1, 1, 0];
    const rowsIn = q1.flatMap((f1, i) => {
      const f2 = q2[i] as number;
      const total = 2 * f1 + 2 * f2;
      return [
        {
          attemptId: i,
          questionId: 1,
          title: 'Q1',
          kind: 'single' as const,
          fraction: f1,
          points: 2,
          total,
          picked: [f1 ? 'a' : 'b'],
          choices: [
            { id: 'a', text: 'A', fraction: 1 },
            { id: 'b', text: 'B', fraction: 0 },
          ],
        },
        {
          attemptId: i,
          questionId: 2,
          title: 'Q2',
          kind: 'true_false' as const,
          fraction: f2,
          points: 2,
          total,
          picked: [],
          choices: null,
        },
      ];
    });
    const [a1, a2] = analyse(rowsIn);
    // q1: facility 50 %; its points [2,2,0,0] against the rest [2,2,2,0]: r = 2/√12 = 0.577;
    // sample SD of 1,1,0,0 = 0.577. q2: facility 75 %, r the same, SD of 1,1,1,0 = 0.5.
    expect(a1).toMatchObject({
      questionId: 1,
      attempts: 4,
      facility: 50,
      discrimination: 57.7,
      sd: 57.7,
      tooFew: true,
    });
    expect(a1?.choices).toEqual([
      { id: 'a', text: 'A', fraction: 1, share: 50 },
      { id: 'b', text: 'B', fraction: 0, share: 50 },
    ]);
    expect(a2).toMatchObject({ questionId: 2, facility: 75, discrimination: 57.7, sd: 50 });
    // A question everyone gets right does not discriminate.
    const flat = analyse(rowsIn.map((r) => (r.questionId === 2 ? { ...r, fraction: 1 } : r)));
    expect(flat[1]?.discrimination).toBeNull();
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 10);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 10);
  });
});
