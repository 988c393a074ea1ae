// `npm run bench [-- scenario ...]`: runs the scenarios, prints each figure against its floor,
// writes results/latest.json. Exits 0 when every scenario ran (targets missed are reported, not
// fatal), 1 when one crashed, 2 on an unknown scenario name.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, type Scenario } from './lib/context';
import { BENCH_DIR } from './lib/processes';
import { formatNumber, formatTable, formatTarget, log, type Result } from './lib/report';
import { startup } from './scenarios/startup';
import { signInPglite, signInPostgres } from './scenarios/sign-in';
import { currentUserPglite, currentUserPostgres } from './scenarios/current-user';
import { loginBytes } from './scenarios/login-bytes';
import { unitBytes } from './scenarios/unit-bytes';
import { peopleGenerate } from './scenarios/people-generate';
import { studentListPglite, studentListPostgres } from './scenarios/student-list';
import { studentExport } from './scenarios/student-export';
import { certificatesScenario } from './scenarios/certificates';
import {
  applicantImportPglite,
  applicantImportPostgres,
  applicantRerunPglite,
  applicantRerunPostgres,
} from './scenarios/applicant-import';
import { cohortImportPglite, cohortImportPostgres } from './scenarios/cohort-import';
import { userMergePglite, userMergePostgres } from './scenarios/user-merge';
import { userDataCheckerPglite, userDataCheckerPostgres } from './scenarios/user-data-checker';
import { announcementsScenario } from './scenarios/announcements';
import { eventLoopImport } from './scenarios/event-loop-import';
import { gradeBookScenario } from './scenarios/grade-book';
import { gradeHistory } from './scenarios/grade-history';
import { dropoutScenario } from './scenarios/dropout';
import { gradeBookConcurrency } from './scenarios/grade-book-concurrency';
import { gradeRequests } from './scenarios/grade-requests';
import { studentsTermPglite, studentsTermPostgres } from './scenarios/students-term';
import {
  concurrencyStudentListPglite,
  concurrencyStudentListPostgres,
} from './scenarios/concurrency-student-list';
import { uploadScenario } from './scenarios/upload';
import { progressScenario } from './scenarios/progress';
import { voiceSize } from './scenarios/voice-size';
import { similarityLocal } from './scenarios/similarity-local';
import { quizStormScenario } from './scenarios/quiz-storm';
import { wbtCommits } from './scenarios/wbt-commits';
import { verifyTerm } from './scenarios/verify-term';
import { gradesOutPglite, gradesOutPostgres } from './scenarios/grades-out';
import { integrationStudents } from './scenarios/integration-students';

const SCENARIOS: Scenario[] = [
  startup,
  signInPglite,
  signInPostgres,
  currentUserPglite,
  currentUserPostgres,
  loginBytes,
  unitBytes,
  peopleGenerate,
  studentListPglite,
  studentListPostgres,
  studentExport,
  applicantImportPglite,
  applicantImportPostgres,
  applicantRerunPglite,
  applicantRerunPostgres,
  cohortImportPglite,
  cohortImportPostgres,
  certificatesScenario,
  userMergePglite,
  userMergePostgres,
  userDataCheckerPglite,
  userDataCheckerPostgres,
  announcementsScenario,
  eventLoopImport,
  concurrencyStudentListPglite,
  concurrencyStudentListPostgres,
  uploadScenario,
  progressScenario,
  gradeBookScenario,
  gradeHistory,
  dropoutScenario,
  gradeBookConcurrency,
  gradeRequests,
  studentsTermPglite,
  studentsTermPostgres,
  voiceSize,
  similarityLocal,
  quizStormScenario,
  wbtCommits,
  verifyTerm,
  gradesOutPglite,
  gradesOutPostgres,
  integrationStudents,
];
const ALIASES: Record<string, string[]> = {
  'sign-in': ['sign-in-pglite', 'sign-in-postgres'],
  'current-user': ['current-user-pglite', 'current-user-postgres'],
  'student-list': ['student-list-pglite', 'student-list-postgres'],
  'students-term': ['students-term-pglite', 'students-term-postgres'],
  'applicant-import': ['applicant-import-pglite', 'applicant-import-postgres'],
  'applicant-rerun': ['applicant-rerun-pglite', 'applicant-rerun-postgres'],
  'cohort-import': ['cohort-import-pglite', 'cohort-import-postgres'],
  'user-merge': ['user-merge-pglite', 'user-merge-postgres'],
  'user-data-checker': ['user-data-checker-pglite', 'user-data-checker-postgres'],
  'concurrency-student-list': [
    'concurrency-student-list-pglite',
    'concurrency-student-list-postgres',
  ],
  'grades-out': ['grades-out-pglite', 'grades-out-postgres'],
  people: ['people-generate', 'student-list-pglite', 'student-list-postgres', 'student-export'],
  all: SCENARIOS.map((s) => s.name),
};

function selected(args: string[]): Scenario[] {
  const names = args.filter((a) => a !== '--');
  if (names.some((n) => ['help', 'list', '--help', '-h'].includes(n))) {
    log('Scenarios (default: all):');
    for (const s of SCENARIOS) log(`  ${s.name.padEnd(22)} ${s.summary}`);
    for (const [alias, members] of Object.entries(ALIASES))
      log(`  ${alias.padEnd(22)} = ${members.join(' ')}`);
    process.exit(0);
  }
  if (names.length === 0) return SCENARIOS;
  const wanted = new Set(names.flatMap((n) => ALIASES[n] ?? [n]));
  const unknown = [...wanted].filter((n) => !SCENARIOS.some((s) => s.name === n));
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown scenario: ${unknown.join(', ')}. Known: ${[...SCENARIOS.map((s) => s.name), ...Object.keys(ALIASES)].join(', ')}\n`,
    );
    process.exit(2);
  }
  return SCENARIOS.filter((s) => wanted.has(s.name));
}

async function main(): Promise<number> {
  const scenarios = selected(process.argv.slice(2));
  const context = createContext(tmpdir());
  const startedAt = new Date();
  const results: Result[] = [];
  const crashes: { scenario: string; error: string }[] = [];
  log(
    `Lantern bench: ${scenarios.map((s) => s.name).join(', ')} (${String(context.cores)} cores, Node ${process.version})`,
  );

  try {
    for (const scenario of scenarios) {
      log(`\n▶ ${scenario.name}: ${scenario.summary}`);
      const started = performance.now();
      const loadBefore = loadavg()[0] ?? 0;
      if (loadBefore > context.cores / 2) {
        log(
          `  note: the machine is busy before this scenario (1-minute load average ${loadBefore.toFixed(1)} on ${String(context.cores)} cores); its figures will be noisy`,
        );
      }
      try {
        const figures = await scenario.run(context);
        const loadAfter = loadavg()[0] ?? 0;
        for (const r of figures)
          r.detail.loadAverage1m = {
            before: Number(loadBefore.toFixed(2)),
            after: Number(loadAfter.toFixed(2)),
          };
        results.push(...figures);
        for (const r of figures) {
          log(
            `  ${r.name}: ${formatNumber(r.value)} ${r.unit} (floor ${formatNumber(r.floor)} ${r.unit}, ratio ${formatNumber(r.ratio)}, target ${formatTarget(r)}) ${r.pass ? 'PASS' : 'FAIL'}`,
          );
        }
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        crashes.push({ scenario: scenario.name, error: message });
        log(`  CRASHED: ${message}`);
      }
      log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  } finally {
    rmSync(context.tmpRoot, { recursive: true, force: true });
  }

  const finishedAt = new Date();
  log(`\n${formatTable(results)}`);
  for (const c of crashes) log(`CRASHED  ${c.scenario}`);
  log(
    `\n${String(results.filter((r) => r.pass).length)} of ${String(results.length)} figures meet their target; ${String(crashes.length)} scenario(s) crashed; ${((finishedAt.getTime() - startedAt.getTime()) / 1000).toFixed(0)} s.`,
  );

  const dir = join(BENCH_DIR, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'latest.json');
  writeFileSync(
    file,
    `${JSON.stringify({ startedAt: startedAt.toISOString(), finishedAt: finishedAt.toISOString(), node: process.version, cores: context.cores, scenarios: scenarios.map((s) => s.name), results, crashes }, null, 2)}\n`,
  );
  log(`Written ${file}`);
  return crashes.length > 0 ? 1 : 0;
}

process.exitCode = await main();
