// Sums the gzip size of what a first visit to /en/login downloads: index.html, the entry
// with its static imports and CSS, and the login route chunk with its own. Run after a build.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const files = new Set(['index.html']);

function collect(key) {
  const entry = manifest[key];
  if (!entry || files.has(entry.file)) return;
  files.add(entry.file);
  for (const css of entry.css ?? []) files.add(css);
  for (const imported of entry.imports ?? []) collect(imported);
}

collect('index.html');
const login = Object.keys(manifest).find((key) => key.endsWith('features/auth/routes/login.tsx'));
collect(login);

const rows = [...files].map((file) => ({
  file,
  gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
}));
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
for (const row of rows) console.log(`${(row.gzip / 1024).toFixed(1).padStart(7)} KB  ${row.file}`);
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total (budget 200 KB)`);
process.exitCode = total <= 200 * 1024 ? 0 : 1;
