import type { Db } from '@lantern/db/client';
import {
  WBT_PLAYER_PATHS,
  WBT_SENTENCES,
  wbtSettingsSchema,
  type WbtAttemptSummary,
  type WbtLaunch,
  type WbtMyAttempts,
  type WbtPart,
  type WbtSco,
  type WbtSettings,
  type WbtStandard,
  type WbtCompletion,
  type WbtSuccess,
} from '@lantern/contracts/wbt';
import type { AuthContext } from '../../../plugins/auth';
import { AppError, notFound } from '../../../lib/errors';
import { loadSubmitContext, type SubmitContext } from '../learner-policy/public';
import { issueContentToken } from './content-token';
import { launchCmi, publicSco } from './manifest';
import { satisfies } from './summary';
import {
  findAttempt,
  findAttempts,
  findLastVisits,
  findPackage,
  findResumeValues,
  findScoStates,
  findTrainingSettings,
  insertAttempt,
  insertLaunch,
  lockLatestAttempt,
  toSummary,
  type PackageInfo,
} from './tracking-attempts.repository';

/**
 * Trainings as a learner plays them (decision 0020 §2.5): launches, commits stored as values per
 * attempt, SCO and element with the (launch, seq) of the commit that wrote them — so each value
 * is that of the highest commit that carried it, whatever order and repetitions arrive in — and,
 * when a SCO's state moves, the attempt's summary, its hand-in and its machine grade. This file
 * opens trainings; tracking-commits.service.ts stores what they send.
 */

export type Deps = {
  db: Db;
  config: { contentOrigin: string | null };
  contentSecret: string;
};

const contentOff = () => new AppError(503, 'CONTENT_ORIGIN_OFF', WBT_SENTENCES.contentOff);

/** Refusals that are about a submission's own attempts: a training has its own rule. */
const SUBMISSION_RULES = new Set(['ATTEMPT_NOT_RETURNED', 'ALREADY_SUBMITTED', 'NO_ATTEMPT_LEFT']);

// ---- attempts ----

async function attemptsOf(db: Db, itemId: number, studentId: number) {
  const found = await findAttempts(db, itemId, studentId);
  return found.map(toSummary);
}

export async function summaryById(db: Db, attemptId: number): Promise<WbtAttemptSummary> {
  const row = await findAttempt(db, attemptId);
  if (!row) throw notFound('The attempt');
  return toSummary(row);
}

async function packageOf(db: Db, packageId: number): Promise<PackageInfo> {
  const row = await findPackage(db, packageId);
  if (!row) throw notFound('The training');
  return row;
}

export function settingsOf(raw: unknown): WbtSettings {
  const parsed = wbtSettingsSchema.safeParse(raw);
  if (!parsed.success) throw notFound('The training');
  return parsed.data;
}

/** The training as the calling learner reaches it (404 for any other item). */
async function trainingOf(db: Db, auth: AuthContext, itemId: number) {
  const context = await loadSubmitContext(db, auth, itemId);
  if (context.kind !== 'wbt') throw notFound('The training');
  const settings = settingsOf(context.settings);
  const pkg = await packageOf(db, settings.packageId);
  return { context, settings, pkg };
}

/** Why a launch may only browse (nothing tracked), or null when it may track. */
function browseReason(context: SubmitContext): AppError | null {
  const refusal = context.refusal;
  if (!refusal || SUBMISSION_RULES.has(refusal.code)) return null;
  return refusal;
}

export async function myAttempts(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
): Promise<WbtMyAttempts> {
  const { settings, pkg } = await trainingOf(deps.db, auth, itemId);
  const attempts = await attemptsOf(deps.db, itemId, auth.user.jwlId);
  const latest = attempts.at(-1);
  const max = settings.maxAttempts ?? null;
  const parts = latest ? (await partsOf(deps.db, latest.id, pkg.scos)).parts : [];
  return {
    parts,
    attempts,
    maxAttempts: max,
    mayStartAgain:
      latest !== undefined &&
      latest.completion === 'completed' &&
      (max === null || latest.attempt < max),
    standard: pkg.standard,
    title: pkg.title,
    display: settings.display,
  };
}

// ---- parts ----

/** A part's state from its stored state, and whether the learner has been in it. */
export function partState(
  state: { completion: WbtCompletion; success: WbtSuccess } | undefined,
  visited: boolean,
): WbtPart['state'] {
  if (state?.success === 'passed') return 'passed';
  if (state?.success === 'failed') return 'failed';
  if (state?.completion === 'completed') return 'completed';
  if (state?.completion === 'incomplete' || visited) return 'in_progress';
  return 'not_started';
}

/**
 * The part to open: the one the learner was last in; when that one is finished, the next
 * unfinished one after it (else the first unfinished one, else the last one they were in).
 */
export function startPart(parts: readonly WbtPart[], last: number | null): number {
  const first = parts[0]?.index ?? 0;
  if (last === null)
    return parts.find((p) => p.state !== 'completed' && p.state !== 'passed')?.index ?? first;
  const at = parts.findIndex((p) => p.index === last);
  if (at < 0) return first;
  const open = (p: WbtPart) => p.state === 'not_started' || p.state === 'in_progress';
  if (open(parts[at] as WbtPart)) return last;
  return parts.slice(at + 1).find(open)?.index ?? parts.slice(0, at).find(open)?.index ?? last;
}

/** Each part's state in an attempt, and the part the learner was last in (null: none yet). */
async function partsOf(
  db: Db,
  attemptId: number,
  scos: readonly WbtSco[],
): Promise<{ parts: WbtPart[]; last: number | null }> {
  const [states, visits] = await Promise.all([
    findScoStates(db, attemptId),
    findLastVisits(db, attemptId),
  ]);
  const byIndex = new Map(states.map((st) => [st.sco, st]));
  const visited = new Set(visits.map((v) => v.sco));
  const latest = visits.reduce<{ sco: number; launch_no: number; seq: number } | null>(
    (m, v) =>
      !m || v.launch_no > m.launch_no || (v.launch_no === m.launch_no && v.seq > m.seq) ? v : m,
    null,
  );
  return {
    parts: scos.map((sco) => ({
      index: sco.index,
      title: sco.title,
      state: partState(byIndex.get(sco.index), visited.has(sco.index)),
    })),
    last: latest?.sco ?? null,
  };
}

// ---- launch ----

async function resumeValues(
  db: Db,
  attemptId: number,
  standard: WbtStandard,
): Promise<Record<string, Record<string, string>>> {
  const found = await findResumeValues(db, attemptId);
  const out: Record<string, Record<string, string>> = {};
  for (const r of found) (out[String(r.sco)] ??= {})[r.name] = r.value;
  const entry = standard === 'scorm2004' ? 'cmi.entry' : 'cmi.core.entry';
  for (const values of Object.values(out)) values[entry] = 'resume';
  return out;
}
function launchBody(
  deps: Deps,
  auth: AuthContext | null,
  pkg: PackageInfo,
  settings: WbtSettings,
  extra: Pick<WbtLaunch, 'mode' | 'reason' | 'attempt' | 'launchNo' | 'cmi' | 'credit'> &
    Partial<Pick<WbtLaunch, 'parts' | 'startSco'>>,
): WbtLaunch {
  const origin = deps.config.contentOrigin;
  if (!origin) throw contentOff();
  const { token, expiresAt } = issueContentToken(deps.contentSecret, pkg.id);
  const user = auth?.user;
  return {
    parts: [],
    startSco: pkg.scos[0]?.index ?? 0,
    ...extra,
    standard: pkg.standard,
    scos: pkg.scos.map(publicSco),
    cmi: launchCmi(pkg.scos, extra.cmi),
    contentOrigin: origin,
    playerUrl: `${origin}${WBT_PLAYER_PATHS[pkg.standard]}`,
    contentBase: `${origin}/c/${token}/`,
    expiresAt,
    learner: user
      ? { id: String(user.jwlId), name: `${user.lastName}, ${user.firstName}` }
      : { id: 'guest', name: 'Guest' },
    display: settings.display,
    markDone: pkg.standard === 'html',
  };
}

/**
 * A learner opens a training: a `normal` launch when they may hand in now (the attempt made on
 * first launch; a new one only when asked, the latest complete and attempts left), else a
 * `browse` launch with the reason and nothing tracked.
 */
export async function launch(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  input: { newAttempt: boolean },
): Promise<WbtLaunch> {
  if (!deps.config.contentOrigin) throw contentOff();
  const { context, settings, pkg } = await trainingOf(deps.db, auth, itemId);
  const reason = browseReason(context);
  if (reason)
    return launchBody(deps, auth, pkg, settings, {
      mode: 'browse',
      reason: { code: reason.code, detail: reason.detail },
      attempt: null,
      launchNo: 0,
      cmi: {},
      credit: 'no-credit',
    });
  const studentId = auth.user.jwlId;
  const max = settings.maxAttempts ?? null;
  if (!input.newAttempt) {
    // A finished attempt opens for review: its values, no launch, nothing recorded.
    const finished = (await attemptsOf(deps.db, itemId, studentId)).at(-1);
    if (finished?.completion === 'completed') {
      const { parts, last } = await partsOf(deps.db, finished.id, pkg.scos);
      return launchBody(deps, auth, pkg, settings, {
        mode: 'review',
        reason: { code: 'WBT_ATTEMPT_FINISHED', detail: WBT_SENTENCES.attemptFinished },
        attempt: finished,
        launchNo: 0,
        cmi: await resumeValues(deps.db, finished.id, pkg.standard),
        credit: 'no-credit',
        parts,
        startSco: last ?? pkg.scos[0]?.index ?? 0,
      });
    }
  }
  const { attemptId, launchNo } = await deps.db.transaction(async (tx) => {
    const latest = await lockLatestAttempt(tx, itemId, studentId);
    let id: number;
    if (!latest || (input.newAttempt && latest.completion === 'completed')) {
      const next = latest ? latest.attempt + 1 : 1;
      if (max !== null && next > max)
        throw new AppError(
          409,
          'NO_ATTEMPT_LEFT',
          max === 1
            ? 'This training takes one attempt, and it is used.'
            : `You have used all ${max} attempts at this training.`,
        );
      const created = await insertAttempt(tx, {
        itemId,
        packageId: pkg.id,
        studentId,
        courseId: context.courseId,
        attempt: next,
      });
      if (!created) throw new Error('The attempt could not be made.');
      id = Number(created.id);
    } else id = Number(latest.id);
    const launched = await insertLaunch(tx, id);
    if (!launched) throw new Error('The launch could not be recorded.');
    return { attemptId: id, launchNo: launched.launch_no };
  });
  const { parts, last } = await partsOf(deps.db, attemptId, pkg.scos);
  return launchBody(deps, auth, pkg, settings, {
    mode: 'normal',
    reason: null,
    attempt: await summaryById(deps.db, attemptId),
    launchNo,
    cmi: await resumeValues(deps.db, attemptId, pkg.standard),
    credit: 'credit',
    parts,
    startSco: startPart(parts, last),
  });
}

/** Staff preview (course reach, or WBT_ALL): a browse launch of any training. */
export async function preview(deps: Deps, auth: AuthContext, itemId: number): Promise<WbtLaunch> {
  if (!deps.config.contentOrigin) throw contentOff();
  const all = auth.rights.has('WBT_ALL__DISPLAY');
  const row = await findTrainingSettings(deps.db, auth, itemId, all);
  if (!row) throw notFound('The training');
  const settings = settingsOf(row.settings);
  const pkg = await packageOf(deps.db, settings.packageId);
  return launchBody(deps, auth, pkg, settings, {
    mode: 'browse',
    reason: null,
    attempt: null,
    launchNo: 0,
    cmi: {},
    credit: 'no-credit',
  });
}

export { satisfies };

/** A public training's launch (§2.6): browse, no attempt, no person; the player drops commits. */
export async function publicLaunch(
  deps: Deps,
  training: { packageId: number; display: WbtSettings['display'] },
): Promise<WbtLaunch> {
  if (!deps.config.contentOrigin) throw contentOff();
  const pkg = await packageOf(deps.db, training.packageId);
  return launchBody(
    deps,
    null,
    pkg,
    {
      packageId: pkg.id,
      gradeFrom: 'completion',
      completeWhen: 'completed_or_passed',
      isPublic: true,
      display: training.display,
    },
    { mode: 'browse', reason: null, attempt: null, launchNo: 0, cmi: {}, credit: 'no-credit' },
  );
}
