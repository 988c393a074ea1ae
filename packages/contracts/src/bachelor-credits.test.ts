import { describe, expect, it } from 'vitest';
import { conversionInputSchema, convert, rescale, sortRules } from './bachelor-credits';

const percentToFour = {
  rules: [
    { min: 60, grade: 2, label: 'C' },
    { min: 90, grade: 4, label: 'A' },
    { min: 0, grade: 0, label: 'F' },
    { min: 75, grade: 3, label: 'B' },
  ],
};

describe('convert', () => {
  it('takes the first rule the grade reaches, highest minimum first, whatever the stored order', () => {
    expect(convert(95, percentToFour)).toEqual({ grade: 4, label: 'A' });
    expect(convert(90, percentToFour)).toEqual({ grade: 4, label: 'A' });
    expect(convert(89.99, percentToFour)).toEqual({ grade: 3, label: 'B' });
    expect(convert(60, percentToFour)).toEqual({ grade: 2, label: 'C' });
    expect(convert(0, percentToFour)).toEqual({ grade: 0, label: 'F' });
  });
  it('answers null below every rule, and a label-less rule gives a null label', () => {
    expect(convert(1, { rules: [{ min: 2, grade: 1 }] })).toBeNull();
    expect(convert(3, { rules: [{ min: 2, grade: 1 }] })).toEqual({ grade: 1, label: null });
  });
  it('does not reorder the rules it is given', () => {
    const rules = [...percentToFour.rules];
    convert(70, { rules });
    expect(rules).toEqual(percentToFour.rules);
    expect(sortRules(rules).map((r) => r.min)).toEqual([90, 75, 60, 0]);
  });
  it('rescales a grade on a given scale in proportion, to two decimals', () => {
    expect(rescale(8, 10, 4)).toBe(3.2);
    expect(rescale(2, 3, 4)).toBe(2.67);
  });
});

describe('conversionInputSchema', () => {
  it('sorts the rules and refuses a repeated minimum or the same schema both sides', () => {
    const ok = conversionInputSchema.parse({ fromSchemaId: 1, toSchemaId: 2, ...percentToFour });
    expect(ok.rules.map((r) => r.min)).toEqual([90, 75, 60, 0]);
    const bad = conversionInputSchema.safeParse({
      fromSchemaId: 1,
      toSchemaId: 1,
      rules: [
        { min: 1, grade: 1 },
        { min: 1, grade: 2 },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'rules.1.min',
      'toSchemaId',
    ]);
  });
});
