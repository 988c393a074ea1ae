import { z } from 'zod';

/**
 * Stored rich text: HTML the web renders as such (components/rich-text). Every field of this
 * kind is made here, so the server sanitises each on write with its one sanitiser
 * (apps/api/src/lib/rich-text.ts), and a test finds them all through `richTextFields` and
 * writes hostile HTML through each: a new field without sanitising fails it.
 *
 * Discussion posts are not rich text: they are stored and shown as plain text.
 */
export const richTextFields = z.registry<{ richText: true }>();

/** The most a rich-text field may hold (sanitised HTML), 0019 "Rich text". */
export const RICH_TEXT_MAX_CHARS = 200_000;

/** A rich-text field: at most `max` characters (200 KB unless a field says less). */
export function richTextSchema(
  max: number = RICH_TEXT_MAX_CHARS,
  message = 'At most 200 KB of text.',
): z.ZodString {
  const schema = z.string().max(max, message);
  richTextFields.add(schema, { richText: true });
  return schema;
}

/** The parts of a schema's definition the walk reads (zod's own types are one per kind). */
type Def = {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  options?: z.core.$ZodType[];
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  element?: z.core.$ZodType;
};
const defOf = (schema: z.core.$ZodType): Def => schema._zod.def;

/** The schema under optional, nullable, default and pipe wrappers. */
function unwrapped(schema: z.core.$ZodType): z.core.$ZodType {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return def.innerType ? unwrapped(def.innerType) : schema;
    case 'pipe':
      return def.in ? unwrapped(def.in) : schema;
    default:
      return schema;
  }
}

/**
 * The paths of every rich-text field in a schema (objects, unions, intersections, arrays),
 * e.g. `["summary"]`, `["settings.intro"]`; each path once, whatever union branch holds it.
 */
export function findRichTextPaths(schema: z.core.$ZodType, prefix = ''): string[] {
  const found = new Set<string>();
  const walk = (s: z.core.$ZodType, path: string, depth: number) => {
    if (depth > 12) return;
    const inner = unwrapped(s);
    if (richTextFields.has(inner)) {
      found.add(path);
      return;
    }
    const def = defOf(inner);
    for (const [key, value] of Object.entries(def.shape ?? {}))
      walk(value, path ? `${path}.${key}` : key, depth + 1);
    for (const option of def.options ?? []) walk(option, path, depth + 1);
    for (const side of [def.left, def.right]) if (side) walk(side, path, depth + 1);
    if (def.type === 'array' && def.element) walk(def.element, `${path}[]`, depth + 1);
  };
  walk(schema, prefix, 0);
  return [...found].sort();
}
