// `npm run lint` ends here: no import cycle among the source files of apps/, packages/, bench/
// and e2e/,
// neither at run time nor through type-only imports. It reads imports as text (relative
// specifiers and the workspace packages' sub-paths), which is all this codebase uses, and
// prints each cycle as a chain of files so the arrow to cut is visible.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const sources = [
  'apps/api/src',
  'apps/web/src',
  'apps/wbt-player/src',
  'packages/contracts/src',
  'packages/db/src',
  'bench/src',
  'e2e',
];
const packages = {
  '@lantern/contracts': 'packages/contracts/src',
  '@lantern/db': 'packages/db/src',
};

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      out.push(path);
  }
  return out;
}
const files = sources.filter((s) => existsSync(join(root, s))).flatMap((s) => walk(join(root, s)));
const known = new Set(files);

function target(from, spec) {
  let base;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else {
    const pkg = Object.keys(packages).find((p) => spec === p || spec.startsWith(p + '/'));
    if (!pkg) return null;
    base = join(root, packages[pkg], spec.slice(pkg.length + 1) || 'index');
  }
  base = base.replace(/\.js$/, '');
  for (const candidate of [base + '.ts', base + '.tsx', join(base, 'index.ts')])
    if (known.has(candidate)) return candidate;
  return null;
}

/** Edges of one file: [to, typeOnly]. */
function edges(file) {
  const text = readFileSync(file, 'utf8');
  const out = [];
  const statement =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(statement)) {
    const spec = m[4] ?? m[5] ?? m[6];
    const to = target(file, spec);
    if (!to) continue;
    // `import { type A, type B }` is type-only too.
    const names = m[3] ?? '';
    const inner = names.match(/^\{([\s\S]*)\}$/)?.[1];
    const allTypes =
      inner !== undefined &&
      inner
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    // A dynamic import() is loaded later, when it is called: it makes no cycle at load time.
    out.push([to, Boolean(m[2]) || allTypes, m[6] !== undefined]);
  }
  return out;
}
const graph = new Map(files.map((f) => [f, edges(f)]));

/** Strongly connected components of more than one file (Tarjan), over the chosen edges. */
function cycles(keep) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const [w, typeOnly, lazy] of graph.get(v)) {
      if (!keep(typeOnly, lazy)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (
        scc.length > 1 ||
        graph.get(v).some(([t, typeOnly, lazy]) => t === v && keep(typeOnly, lazy))
      )
        found.push(scc);
    }
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return found;
}

const runtime = cycles((typeOnly, lazy) => !typeOnly && !lazy);
const any = cycles((_typeOnly, lazy) => !lazy);
const show = (scc) => scc.map((f) => '    ' + relative(root, f)).join('\n');
for (const scc of runtime) process.stderr.write(`Import cycle at run time among:\n${show(scc)}\n`);
for (const scc of any.filter((s) => !runtime.some((r) => r.includes(s[0]))))
  process.stderr.write(`Import cycle through type imports among:\n${show(scc)}\n`);
if (runtime.length + any.length > 0) {
  process.stderr.write('Cut one arrow in each: move what both need into a room of its own.\n');
  process.exit(1);
}
process.stdout.write(`No import cycles among ${files.length} source files.\n`);
