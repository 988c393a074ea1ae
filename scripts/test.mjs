// `npm test`: lint, typecheck, unit tests, the API suite on PGlite (and on PostgreSQL when
// DATABASE_URL is set), then the browser journeys in Chromium. Steps that do not depend on each
// other run side by side in phases (each phase waits for the one before); a failing phase stops
// the run. Each step's output is kept and printed whole when it ends, so logs do not interleave.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

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

/** @typedef {[name: string, cmd: string, args: string[], env?: Record<string, string>]} Step */

/**
 * Phases of lanes of steps: the lanes of a phase run side by side, the steps of a lane one after
 * another, and each phase waits for the one before. On the 2-core machine, seven steps side by
 * side took longer (516 s) than the same steps in two lanes (about 300 s), and the two API
 * suites side by side longer (509 s) than one after the other (about 400 s): more processes than
 * cores mostly fought over them. So the static checks run in two lanes of about equal time (lint
 * alone in one), the API suites in one lane, and the journeys alone: Chromium and its app keep
 * both cores busy, and a starved browser makes their waits flaky.
 * @type {Step[][][]}
 */
const phases = [
  [
    [['lint', 'npm', ['run', 'lint', '--silent']]],
    [
      ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
      ['unit: web', 'npx', ['vitest', 'run', '--root', 'apps/web']],
      ['unit: db', 'npx', ['vitest', 'run', '--root', 'packages/db']],
      ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
      ['unit: contracts', 'npx', ['vitest', 'run', '--root', 'packages/contracts']],
      ['build', 'npm', ['run', 'build', '--silent']],
    ],
  ],
  [
    [
      [
        'api on PGlite',
        'npx',
        ['vitest', 'run', '--root', 'apps/api'],
        { LANTERN_TEST_DB: 'pglite' },
      ],
    ],
  ],
  [
    [
      [
        'browser journeys',
        'npx',
        ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
        { CHROMIUM_PATH: chromium },
      ],
    ],
  ],
];
if (process.env.DATABASE_URL) {
  phases[1][0].push([
    'api on PostgreSQL',
    'npx',
    ['vitest', 'run', '--root', 'apps/api'],
    { LANTERN_TEST_DB: 'postgres' },
  ]);
} else {
  process.stdout.write('DATABASE_URL is not set: the API suite runs on PGlite only.\n');
}

// One step at a time when asked (LANTERN_TEST_SERIAL=1), e.g. to read a log as it is written.
const serial = process.env.LANTERN_TEST_SERIAL === '1';

/** Runs one step; resolves with its status, seconds and output. */
function run([name, cmd, args, env]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: serial ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, FORCE_COLOR: '0' },
    });
    const chunks = [];
    child.stdout?.on('data', (d) => chunks.push(d));
    child.stderr?.on('data', (d) => chunks.push(d));
    child.on('close', (code, signal) => {
      resolve({
        name,
        ok: code === 0,
        status: code ?? signal,
        seconds: ((Date.now() - started) / 1000).toFixed(1),
        output: Buffer.concat(chunks).toString(),
      });
    });
  });
}

const startedAll = Date.now();
let passed = 0;
/** Every step's time, printed together at the end (failed or not), so a slow step stands out. */
const times = [];
function printTimes() {
  const width = Math.max(...times.map((t) => t.name.length));
  process.stdout.write('\nStep times:\n');
  for (const t of times)
    process.stdout.write(
      `  ${t.name.padEnd(width)}  ${t.seconds.padStart(7)} s${t.ok ? '' : '  (failed)'}\n`,
    );
}
for (const phase of phases) {
  const results = [];
  const report = (result) => {
    results.push(result);
    times.push(result);
    if (!serial) process.stdout.write(`\n=== ${result.name} ===\n${result.output}`);
    process.stdout.write(
      result.ok
        ? `--- ${result.name} passed in ${result.seconds} s\n`
        : `--- ${result.name} failed (${result.status}) after ${result.seconds} s\n`,
    );
    return result;
  };
  if (serial) {
    for (const step of phase.flat()) {
      process.stdout.write(`\n=== ${step[0]} ===\n`);
      if (!report(await run(step)).ok) break;
    }
  } else {
    process.stdout.write(
      `\n>>> ${phase.map((lane) => lane.map((s) => s[0]).join(' → ')).join(' | ')} …\n`,
    );
    // A lane stops at its first failing step; the phase then fails.
    const runLane = async (lane) => {
      for (const step of lane) if (!report(await run(step)).ok) return;
    };
    await Promise.all(phase.map(runLane));
  }
  const failed = results.filter((r) => !r.ok);
  passed += results.length - failed.length;
  if (failed.length > 0) {
    printTimes();
    const total = ((Date.now() - startedAll) / 1000).toFixed(0);
    process.stdout.write(
      `\n${failed.map((r) => r.name).join(', ')} failed; ${passed} passed, ${failed.length} failed (${total} s)\n`,
    );
    process.exit(1);
  }
}
printTimes();
const total = ((Date.now() - startedAll) / 1000).toFixed(0);
process.stdout.write(`\nAll steps passed.\n${passed} passed, 0 failed (${total} s)\n`);
