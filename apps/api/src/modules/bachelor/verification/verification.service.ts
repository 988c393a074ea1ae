import {
  VERIFICATION_LEVEL_LABELS,
  parseTermKey,
  type VerificationLevel,
} from '@lantern/contracts/bachelor';
import type {
  Approved,
  GradeChange,
  TermVerification,
  VerificationScope,
} from '@lantern/contracts/bachelor-verification';
import type { Db } from '@lantern/db/client';
import {
  gradeFlag,
  gradeSetHash,
  gradeSetOf,
  snapshotOf,
  type GradeSetEntry,
  type GradeSnapshot,
} from '@lantern/db/bachelor-grade-set';
import { audit } from '../../../lib/audit';
import { queueBachelorMail, type BachelorMailDeps } from '../../../lib/automatic-mails';
import { AppError, notFound } from '../../../lib/errors';
import { clcScope } from '../../../lib/scope';
import {
  changeNames,
  clcNameRows,
  insertApproval,
  latestApprovalRows,
  stampStale,
  termRow,
  type ApprovalRow,
} from './verification.repository';
import type { AuthContext } from '../../../plugins/auth';

// Final-grade verification of a bachelor term (docs/decisions/0022 "As built: verification").
// Staleness is computed on read: an approval is current while the hash of its scope's grade set
// now equals the hash it signed and it was never found stale. The first read (or approval) that
// finds it otherwise stamps `stale_at`, so it stays stale even if the set later comes back.

export const CHANGED_SENTENCE = 'The grades changed while you were reviewing; reload.';
const CHANGE_LIST_MAX = 50;

export type Term = { id: number; name: string; key: string };

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

/** The term of a programme by its key; locked when `lock` (the approving transaction). */
export async function termOf(db: Db, programmeId: number, termKey: string, lock = false) {
  const parsed = parseTermKey(termKey);
  if (!parsed) throw notFound('The term');
  const term = await termRow(db, programmeId, parsed, lock);
  if (!term) throw notFound('The term');
  return { ...term, key: termKey } satisfies Term;
}

/** The last approval of every scope of a term (level, CLC). */
async function latestApprovals(db: Db, termId: number): Promise<ApprovalRow[]> {
  return latestApprovalRows(db, termId);
}

type ScopeState = {
  level: VerificationLevel;
  clcId: number | null;
  entries: GradeSetEntry[];
  hash: string;
  flagged: number;
  approval: ApprovalRow | null;
  current: boolean;
};

/**
 * Every scope of a term with its grade set now and its last approval: BASIC and UNI over the
 * whole term, CLC per CLC that has grades in it (or had an approval). Stamps `stale_at` on the
 * approvals found stale.
 */
async function scopesOf(
  db: Db,
  termId: number,
): Promise<{ all: GradeSetEntry[]; scopes: ScopeState[] }> {
  const [all, approvals] = await Promise.all([gradeSetOf(db, termId), latestApprovals(db, termId)]);
  const clcIds = new Set<number>();
  for (const e of all) if (e.clcId !== null) clcIds.add(e.clcId);
  for (const a of approvals) if (a.level === 'CLC' && a.clc_id !== null) clcIds.add(a.clc_id);
  const scope = (level: VerificationLevel, clcId: number | null): ScopeState => {
    const entries = clcId === null ? all : all.filter((e) => e.clcId === clcId);
    const hash = gradeSetHash(snapshotOf(entries));
    const approval = approvals.find((a) => a.level === level && a.clc_id === clcId) ?? null;
    return {
      level,
      clcId,
      entries,
      hash,
      flagged: entries.filter((e) => gradeFlag(e) !== null).length,
      approval,
      current: approval !== null && approval.stale_at === null && approval.hash === hash,
    };
  };
  const scopes = [
    scope('BASIC', null),
    ...[...clcIds].sort((a, b) => a - b).map((id) => scope('CLC', id)),
    scope('UNI', null),
  ];
  const found = scopes.filter((s) => s.approval && !s.current && s.approval.stale_at === null);
  if (found.length > 0) {
    const ids = found.map((s) => s.approval?.id ?? 0);
    const stamped = await stampStale(db, ids);
    for (const s of found) {
      const row = stamped.find((r) => r.id === s.approval?.id);
      if (row && s.approval) s.approval.stale_at = row.stale_at;
    }
  }
  return { all, scopes };
}

/** Why a scope cannot be approved yet because of the levels below it; null when it can. */
function blockedBy(s: ScopeState, scopes: ScopeState[], all: GradeSetEntry[]): string | null {
  const basic = scopes.find((x) => x.level === 'BASIC');
  if (s.level === 'CLC' && !basic?.current)
    return `The ${VERIFICATION_LEVEL_LABELS.BASIC.toLowerCase()} of the term must be approved first.`;
  if (s.level === 'UNI') {
    if (!basic?.current)
      return `The ${VERIFICATION_LEVEL_LABELS.BASIC.toLowerCase()} of the term must be approved first.`;
    const withGrades = new Set(all.map((e) => e.clcId).filter((c) => c !== null));
    const waiting = scopes.filter(
      (x) => x.level === 'CLC' && x.clcId !== null && withGrades.has(x.clcId) && !x.current,
    );
    if (waiting.length > 0)
      return `Every CLC of the term must be approved first (${String(waiting.length)} waiting).`;
  }
  return null;
}

/** The grades of one set that differ from an approved snapshot: added, removed, changed. */
export function diffSnapshots(
  before: GradeSnapshot,
  after: GradeSnapshot,
): {
  id: number;
  change: GradeChange['change'];
  old: [number | null, number] | null;
  now: [number | null, number] | null;
}[] {
  const old = new Map(
    before.map(([id, score, version]) => [id, [score, version] as [number | null, number]]),
  );
  const now = new Map(
    after.map(([id, score, version]) => [id, [score, version] as [number | null, number]]),
  );
  const out: ReturnType<typeof diffSnapshots> = [];
  for (const [id, n] of now) {
    const o = old.get(id);
    if (!o) out.push({ id, change: 'added', old: null, now: n });
    else if (o[0] !== n[0] || o[1] !== n[1]) out.push({ id, change: 'changed', old: o, now: n });
  }
  for (const [id, o] of old)
    if (!now.has(id)) out.push({ id, change: 'removed', old: o, now: null });
  return out.sort((a, b) => a.id - b.id);
}

/** The changes between a snapshot and a set, with names, limited to the CLCs in reach. */
async function describeChanges(
  db: Db,
  before: GradeSnapshot,
  after: GradeSnapshot,
  clcs: number[] | null,
): Promise<{ changes: GradeChange[]; changeCount: number }> {
  const diff = diffSnapshots(before, after);
  if (diff.length === 0) return { changes: [], changeCount: 0 };
  const names = await changeNames(
    db,
    diff.map((d) => d.id),
  );
  const byId = new Map(names.map((n) => [n.id, n]));
  const visible = diff.filter((d) => {
    const n = byId.get(d.id);
    return clcs === null || (n !== undefined && n.clc_id !== null && clcs.includes(n.clc_id));
  });
  return {
    changeCount: visible.length,
    changes: visible.slice(0, CHANGE_LIST_MAX).map((d) => {
      const n = byId.get(d.id);
      return {
        studentCourseId: d.id,
        student: n?.student ?? 'A student course since deleted',
        courseCode: n?.course_code ?? '',
        change: d.change,
        oldScore: d.old?.[0] ?? null,
        newScore: d.now?.[0] ?? null,
        oldVersion: d.old?.[1] ?? null,
        newVersion: d.now?.[1] ?? null,
      };
    }),
  };
}

/** GET verification: every level's state for a term, in the CLCs the caller reaches. */
export async function termVerification(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  termKey: string,
): Promise<TermVerification> {
  const term = await termOf(db, programmeId, termKey);
  const { all, scopes } = await scopesOf(db, term.id);
  const reach = clcScope(auth);
  const visible = scopes.filter(
    (s) => s.level !== 'CLC' || reach === null || (s.clcId !== null && reach.includes(s.clcId)),
  );
  const clcNames = await clcNameRows(
    db,
    visible.map((s) => s.clcId ?? 0),
  );
  const levels: VerificationScope[] = [];
  for (const s of visible) {
    const stale = s.approval !== null && !s.current;
    const reasons =
      stale && s.approval
        ? await describeChanges(db, s.approval.snapshot, snapshotOf(s.entries), reach)
        : { changes: [], changeCount: 0 };
    const blocked = blockedBy(s, scopes, all);
    const flaggedText =
      s.flagged > 0 ? `${String(s.flagged)} grades are missing or not final yet.` : null;
    levels.push({
      level: s.level,
      clcId: s.clcId,
      clcName: clcNames.find((c) => c.id === s.clcId)?.name ?? null,
      state: s.current ? 'approved' : stale ? 'stale' : blocked ? 'blocked' : 'waiting',
      blockedBy: s.current ? null : (blocked ?? flaggedText),
      hash: s.hash,
      grades: s.entries.length,
      flagged: s.flagged,
      approval: s.approval
        ? {
            id: s.approval.id,
            by: s.approval.approved_by_name,
            at: iso(s.approval.approved_at),
            hash: s.approval.hash,
            grades: s.approval.grades,
            staleAt: s.approval.stale_at === null ? null : iso(s.approval.stale_at),
          }
        : null,
      ...reasons,
    });
  }
  const uni = scopes.find((s) => s.level === 'UNI');
  const sinceUni =
    uni?.approval != null
      ? {
          approvedAt: iso(uni.approval.approved_at),
          ...(await describeChanges(db, uni.approval.snapshot, snapshotOf(all), reach)),
        }
      : null;
  return { termKey: term.key, termName: term.name, levels, sinceUni };
}

/**
 * Approves a term's grade set at one level, in one transaction: locks the term, recomputes the
 * hash, refuses (409) a set that changed since the approver saw it, one with missing or
 * non-final grades, or one whose levels below are not current; stores hash and snapshot; audit;
 * queues the `bachelor_verification_completed` mails (dispatched after the commit).
 */
export async function approve(
  deps: BachelorMailDeps,
  auth: AuthContext,
  input: {
    programmeId: number;
    termKey: string;
    level: VerificationLevel;
    clcId: number | null;
    hash: string;
  },
): Promise<Approved> {
  const reach = clcScope(auth);
  if (input.level === 'CLC') {
    if (input.clcId === null) throw new AppError(400, 'VALIDATION', 'Choose a CLC');
    if (reach !== null && !reach.includes(input.clcId)) throw notFound('The CLC');
  } else if (reach !== null) {
    throw new AppError(
      403,
      'FORBIDDEN',
      'Approving the whole term needs every CLC in reach; approve at the CLC level instead.',
    );
  }
  const { approved, mailIds } = await deps.db.transaction(async (tx) => {
    const term = await termOf(tx, input.programmeId, input.termKey, true);
    const { all, scopes } = await scopesOf(tx, term.id);
    const scope = scopes.find((s) => s.level === input.level && s.clcId === input.clcId);
    const entries = scope?.entries ?? [];
    const hash = scope?.hash ?? gradeSetHash([]);
    if (hash !== input.hash) throw new AppError(409, 'CONFLICT', CHANGED_SENTENCE);
    if (entries.length === 0)
      throw new AppError(409, 'CONFLICT', 'There are no grades to approve in this term.');
    if (!scope) throw notFound('The CLC');
    if (scope.current)
      throw new AppError(409, 'CONFLICT', 'This grade set is already approved at this level.');
    const blocked = blockedBy(scope, scopes, all);
    if (blocked) throw new AppError(409, 'CONFLICT', blocked);
    if (scope.flagged > 0)
      throw new AppError(
        409,
        'CONFLICT',
        `${String(scope.flagged)} grades are missing or not final yet; they must be final before approval.`,
      );
    const snapshot = snapshotOf(entries);
    const row = await insertApproval(tx, {
      termId: term.id,
      clcId: input.clcId,
      level: input.level,
      hash,
      grades: entries.length,
      snapshot,
      approvedBy: auth.user.jwlId,
    });
    if (!row) throw new Error('the approval was not stored');
    await audit(tx, auth, {
      action: 'bachelor.verification.approved',
      entityType: 'ba_verification',
      entityId: row.id,
      changes: {
        programmeId: input.programmeId,
        termKey: term.key,
        level: input.level,
        clcId: input.clcId,
        hash,
        grades: entries.length,
      },
    });
    const queued = await queueBachelorMail(
      tx,
      {
        type: 'bachelor_verification_completed',
        programmeId: input.programmeId,
        verificationId: row.id,
        level: input.level,
      },
      deps.config.publicUrl,
    );
    return {
      approved: { id: row.id, hash, grades: entries.length, approvedAt: iso(row.approved_at) },
      mailIds: queued,
    };
  });
  deps.mailer.dispatch(mailIds);
  return approved;
}

/** Whether a level's approval of the term is current now (the export of the verified set). */
export async function currentApproval(db: Db, termId: number, level: VerificationLevel) {
  const { scopes } = await scopesOf(db, termId);
  const found = scopes.filter((s) => s.level === level);
  return found.length > 0 && found.every((s) => s.current) ? found : null;
}
