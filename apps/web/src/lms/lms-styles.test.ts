import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Mantine's CSS is imported per component (app/styles.ts): a page whose chunk misses a
// component's CSS shows it unstyled (a card without padding) until some other page loads it.
// Each learning area imports what it uses in its styles.ts, from every route and from every
// file another area imports; this test keeps that true as the screens change.

// Vitest gives each test file its path (under jsdom, import.meta.url is an http address).
const features = import.meta.dirname;
const AREAS = [
  'learning-work',
  'teaching',
  'learning-content',
  'voice',
  'similarity',
  'wbt',
  'quiz',
  'quiz-authoring',
  'discussions',
  'grade-history',
  'grade-requests',
  'grading',
  'item-kinds',
];

/** The CSS a component needs besides its own (Mantine builds on these). */
const NEEDS: Record<string, string[]> = {
  Select: ['Input', 'Combobox', 'Popover', 'ScrollArea'],
  MultiSelect: ['Input', 'Combobox', 'Popover', 'ScrollArea', 'Pill', 'PillsInput'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  FileInput: ['Input'],
  NumberInput: ['Input', 'NumberInput'],
  Modal: ['ModalBase', 'Modal', 'Overlay'],
  Radio: ['InlineInput', 'Radio'],
  Checkbox: ['InlineInput', 'Checkbox'],
  Switch: ['InlineInput', 'Switch'],
  Table: ['Table', 'ScrollArea'],
  Menu: ['Popover', 'Menu'],
};

/** Always on the page: main.tsx imports app/styles.ts before anything renders. */
const core = new Set(
  [
    ...readFileSync(join(features, '../app/styles.ts'), 'utf8').matchAll(
      /styles\/(\w+)\.layer\.css/g,
    ),
  ].map((m) => m[1]),
);
const hasCss = (name: string) => {
  try {
    return statSync(
      join(features, `../../../../node_modules/@mantine/core/styles/${name}.layer.css`),
    ).isFile();
  } catch {
    return false;
  }
};

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesOf(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );

const mantineImports = (source: string): string[] =>
  [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type ')),
  );

describe.each(AREAS)('the Mantine CSS of %s', (area) => {
  const dir = join(features, area);
  const styles = readFileSync(join(dir, 'styles.ts'), 'utf8');
  const files = filesOf(dir);
  // The area's styles.ts, plus what its files import themselves (an authoring form loads the
  // shared form styles of components/form-styles.ts with its own chunk).
  const shared = ['form-styles', 'list-styles'].filter((m) =>
    files.some((f) => readFileSync(f, 'utf8').includes(`components/${m}'`)),
  );
  const imported = new Set(
    [
      styles,
      ...files.map((f) => readFileSync(f, 'utf8')),
      ...shared.map((m) => readFileSync(join(features, `../components/${m}.ts`), 'utf8')),
    ].flatMap((text) => [...text.matchAll(/styles\/(\w+)\.layer\.css/g)].map((m) => m[1] ?? '')),
  );

  it('imports the CSS of every component the area uses', () => {
    const used = new Set(files.flatMap((f) => mantineImports(readFileSync(f, 'utf8'))));
    const needed = [...used].flatMap((c) => NEEDS[c] ?? [c]).filter(hasCss);
    const missing = [...new Set(needed)].filter((c) => !core.has(c) && !imported.has(c));
    expect(missing).toEqual([]);
  });

  it('is loaded by every route and by every file another area imports', () => {
    const others = filesOf(features)
      .concat(filesOf(join(features, '../app')))
      .filter((f) => !f.startsWith(dir));
    const fromOutside = files.filter((f) => {
      const stem = relative(features, f).replace(/\.tsx?$/, '');
      return (
        !stem.includes('/api/') && others.some((o) => readFileSync(o, 'utf8').includes(`${stem}'`))
      );
    });
    // Others import the area through its public.ts: the files it re-exports values from are
    // what they load.
    const publicFile = join(dir, 'public.ts');
    const shared = existsSync(publicFile)
      ? [...readFileSync(publicFile, 'utf8').matchAll(/^export \{[^}]*\} from '\.\/([^']+)';/gm)]
          .map((m) => join(dir, m[1] ?? ''))
          .map((stem) => (existsSync(`${stem}.tsx`) ? `${stem}.tsx` : `${stem}.ts`))
          .filter((f) => !f.includes('/api/'))
      : [];
    const routes = files.filter((f) => f.includes('/routes/'));
    const without = [...new Set([...routes, ...fromOutside, ...shared])]
      .filter((f) => f !== publicFile)
      // A file at the area's top imports './styles'; one in a subfolder '../styles'.
      .filter((f) => !/import '\.\.?\/styles';/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(features, f));
    expect(without).toEqual([]);
  });
});
