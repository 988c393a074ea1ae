// `npm test`: lint, typecheck, unit tests, the API suite on PGlite (and on PostgreSQL when
// DATABASE_URL is set), then the browser journeys in Chromium. Stops at the first failing step.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

function findChromium() {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  const debianLike = existsSync('/etc/debian_version');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (debianLike && isRoot) {
    process.stdout.write("Chromium is missing: installing Debian's chromium …\n");
    const apt = (args) =>
      spawnSync('apt-get', args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    if (
      apt(['update']).status === 0 &&
      apt(['install', '-y', '--no-install-recommends', 'chromium']).status === 0 &&
      existsSync('/usr/bin/chromium')
    ) {
      return '/usr/bin/chromium';
    }
  }
  process.stderr.write(
    '\nThe browser journeys need Chromium. Install it with:\n\n  sudo apt-get install -y chromium\n\n' +
      'or point CHROMIUM_PATH at a Chromium binary.\n',
  );
  process.exit(1);
}

const chromium = findChromium();
const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  ['unit: contracts', 'npx', ['vitest', 'run', '--root', 'packages/contracts']],
  ['unit: db', 'npx', ['vitest', 'run', '--root', 'packages/db']],
  ['unit: web', 'npx', ['vitest', 'run', '--root', 'apps/web']],
  ['api on PGlite', 'npx', ['vitest', 'run', '--root', 'apps/api'], { LANTERN_TEST_DB: 'pglite' }],
];
if (process.env.DATABASE_URL) {
  steps.push([
    'api on PostgreSQL',
    'npx',
    ['vitest', 'run', '--root', 'apps/api'],
    { LANTERN_TEST_DB: 'postgres' },
  ]);
} else {
  process.stdout.write('DATABASE_URL is not set: the API suite runs on PGlite only.\n');
}
steps.push(['build', 'npm', ['run', 'build', '--silent']]);
steps.push([
  'browser journeys',
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
  { CHROMIUM_PATH: chromium },
]);

let passed = 0;
for (const [name, cmd, args, env] of steps) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = Date.now();
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(`\n${name} failed after ${seconds} s.\n${passed} passed, 1 failed\n`);
    process.exit(1);
  }
  passed += 1;
  process.stdout.write(`--- ${name} passed in ${seconds} s\n`);
}
process.stdout.write(`\nAll steps passed.\n${passed} passed, 0 failed\n`);
