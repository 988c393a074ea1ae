// `npm start`: builds what is not built (or is older than its sources), then runs the app
// (SPA, API and job workers) in this one Node process.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;

function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p))
        if (name !== 'node_modules' && name !== 'dist') visit(join(p, name));
    } else if (s.mtimeMs > latest) latest = s.mtimeMs;
  };
  paths.forEach((p) => visit(join(root, p)));
  return latest;
}

const builtAt = (file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0);

const targets = [
  {
    // The training player, served by the content origin at /player/* (decision 0020 §2.3).
    name: '@lantern/wbt-player',
    output: 'apps/wbt-player/dist/scorm12.html',
    sources: [
      'apps/wbt-player/src',
      'apps/wbt-player/player',
      'apps/wbt-player/vite.config.ts',
      'packages/contracts/src',
    ],
  },
  {
    name: '@lantern/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      'packages/contracts/src',
    ],
  },
  {
    name: '@lantern/api',
    output: 'apps/api/dist/server.mjs',
    sources: [
      'apps/api/src',
      'apps/api/build.mjs',
      'packages/contracts/src',
      'packages/db/src',
      'packages/db/migrations',
    ],
  },
];

for (const target of targets) {
  if (builtAt(target.output) >= newest(target.sources)) continue;
  process.stdout.write(`Building ${target.name} (its sources changed since the last build)…\n`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.name], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.stdout.write('Starting Lantern…\n');
await import(pathToFileURL(join(root, 'apps/api/dist/server.mjs')).href);
