import fc from 'fast-check';
import { z } from 'zod';

/**
 * Values for the schema-driven fuzz (test/fuzz.test.ts): plausible values derived from a
 * route's zod schemas (through their JSON Schema, as the API documentation shows them), and the
 * hostile values a caller may send instead.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Ids of the demo data, so that plausible requests reach records and not only 404s. */
const KNOWN_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 20, 10002, 10006, 10015, 10018, 10025, 10040];

/** The JSON Schema of a zod schema's input side; null when the route declares none. */
export function inputSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const MAX_INT = 2_147_483_647;

function integerArb(s: JsonSchema): fc.Arbitrary<number> {
  // Bounds may be fractions (points from 0.01): the integers inside them.
  const min = Math.ceil(
    Math.max(
      s.minimum ?? (s.exclusiveMinimum === undefined ? -MAX_INT : s.exclusiveMinimum + 1),
      -Number.MAX_SAFE_INTEGER,
    ),
  );
  const max = Math.floor(
    Math.min(
      s.maximum ?? (s.exclusiveMaximum === undefined ? MAX_INT : s.exclusiveMaximum - 1),
      Number.MAX_SAFE_INTEGER,
    ),
  );
  if (min > max) return fc.constant(min);
  const known = KNOWN_IDS.filter((n) => n >= min && n <= max);
  const parts: fc.Arbitrary<number>[] = [fc.integer({ min, max })];
  if (known.length > 0) parts.push(fc.constantFrom(...known));
  // Small numbers: counts, page numbers and the first ids.
  const low = Math.max(min, Math.min(0, max));
  const high = Math.min(max, 30);
  if (low <= high) parts.push(fc.integer({ min: low, max: high }));
  return fc.oneof(...parts);
}

const isoDate = fc
  .date({
    min: new Date('1950-01-01T00:00:00Z'),
    max: new Date('2040-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 40));
  switch (s.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    case 'date':
      return isoDate;
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    default:
      break;
  }
  if (s.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length <= (s.maxLength ?? 1e6));
    } catch {
      // A pattern fast-check cannot read: plain text below.
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.constantFrom('a', 'Amina', 'test', '1', 'x'.repeat(Math.max(1, minLength))),
  );
}

/** A plausible value for a JSON Schema node: what a well-meaning caller would send. */
export function plausible(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum && s.enum.length > 0) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((a) => plausible(a, depth + 1)));
  if (s.allOf?.[0]) return plausible(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return integerArb(s);
    case 'number':
      return fc.oneof(
        integerArb(s),
        fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(s.items, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)),
      });
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(props)) model[key] = plausible(child, depth + 1);
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Nested arrays this deep: far past any form, a test of the stack of whoever walks it. */
const DEEP = 10_000;
export const DEEP_JSON_TEXT = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
export const DEEP_OBJECT_TEXT = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;

/** A string of a million characters (the body limit is 1 MiB, so it fits in a JSON body). */
export const MEGA_STRING = 'a'.repeat(1_000_000);

/** Hostile texts: NUL and other controls, lone surrogates, a million characters, injection. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'Amina\u0000Yusuf',
  '\u0007\u001b[31m',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  MEGA_STRING,
  '',
  '   ',
  "'; drop table users; --",
  '%00',
  '\\',
  '<script>alert(1)</script>',
  '=cmd|" /C calc"!A0',
  '\u202e\ufeff\uffff',
  '😀'.repeat(100),
] as const;

/** Values of the wrong type, and numbers out of every range. */
export const WRONG_TYPES: unknown[] = [
  0,
  -1,
  1.5,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  1e308,
  true,
  false,
  null,
  [],
  ['a', 1],
  {},
  { a: 1 },
  [[[[['deep']]]]],
];

/** Texts that are numbers a parser may choke on, for the address and the query. */
export const HOSTILE_NUMBER_TEXTS = [
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '0x10',
  ' 12 ',
  '2147483648',
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom(...WRONG_TYPES), weight: 2 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBER_TEXTS), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
);

/** How a case replaces a whole body. */
export const HOSTILE_BODIES = [
  { raw: DEEP_JSON_TEXT, label: 'nested arrays 10,000 deep' },
  { raw: DEEP_OBJECT_TEXT, label: 'nested objects 10,000 deep' },
  { raw: JSON.stringify(MEGA_STRING), label: 'a string of a million characters' },
  { raw: '[1,2,3]', label: 'an array' },
  { raw: 'null', label: 'null' },
  { raw: '"\\u0000"', label: 'a NUL string' },
  { raw: '{"a":', label: 'cut-short JSON' },
  { raw: '{"__proto__":{"x":1}}', label: 'a prototype key' },
  {
    raw: `{${Array.from({ length: 5000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
    label: '5,000 keys',
  },
] as const;
