import { z } from 'zod';
import {
  BULK_FIX_MAX,
  type CheckField,
  type DataChange,
  type DataCheck,
  type DataCheckItem,
  type DataCheckQuery,
  type DataFixOne,
  type DataFixPreview,
  type DataFixResult,
  type DataProblem,
  type FixableCheck,
} from '@lantern/contracts/data-checks';
import { EMPLOYEE_TYPES } from '@lantern/contracts/enums';
import { VALIDATION } from '@lantern/contracts/messages';
import { birthDateSchema } from '@lantern/contracts/people';
import { requiredText } from '@lantern/contracts/common';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, invalidFields, notFound } from '../../lib/errors';
import { audit, auditMany } from '../../lib/audit';
import { normalisePhone } from '../../lib/phone';
import { grantsFor, loadGrantTarget, loadGrantTargets } from '../../lib/grants';
import * as repo from './data-checks.repository';
import {
  cleansingProblems,
  duplicateEmailProblems,
  emailProblems,
  mandatoryProblems,
  nameProblems,
  phoneProblems,
  selfApprovedProblems,
  spaceProblems,
  type CheckRow,
} from './data-checks.rules';
import {
  applyChanges,
  isUserField,
  setField,
  type BulkChange,
  type UserField,
} from './data-checks-writes.repository';

export const PROBLEMS: Record<DataCheck, (row: CheckRow) => DataProblem[]> = {
  'duplicate-emails': duplicateEmailProblems,
  'data-with-spaces': spaceProblems,
  'phone-numbers': phoneProblems,
  'mandatory-fields': mandatoryProblems,
  'valid-emails': emailProblems,
  'mandatory-names': nameProblems,
  'possible-cleansing': cleansingProblems,
  'self-approved-transfers': selfApprovedProblems,
};

export async function countChecks(deps: Deps) {
  const { checked, ...counts } = await repo.countChecks(deps.db);
  return { checked, counts };
}

export const toItem = (check: DataCheck, row: repo.CheckRowWithVersion): DataCheckItem => ({
  id: row.id,
  username: row.username,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  birthDate: row.birthDate,
  employeeType: (row.employeeType as DataCheckItem['employeeType']) ?? null,
  identificationNumber: row.identificationNumber,
  roles: row.roles,
  version: row.version,
  group: row.group,
  problems: PROBLEMS[check](row),
});

export async function findCheckPage(deps: Deps, check: DataCheck, query: DataCheckQuery) {
  const { items, total } = await repo.findCheckPage(deps.db, check, query);
  return { items: items.map((r) => toItem(check, r)), total, page: query.page, limit: query.limit };
}

// ---------------------------------------------------------------------------------------------
// Fix one field in place

const emailValue = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .pipe(z.email({ error: VALIDATION.email }).nullable());
const usernameValue = requiredText(60).pipe(
  z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,60}$/, '3 to 60 letters, digits, dots, dashes or underscores'),
);
const optional = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());

const SCHEMAS: Record<Exclude<CheckField, 'phone'>, z.ZodType<string | null>> = {
  firstName: requiredText(100),
  lastName: requiredText(100),
  username: usernameValue,
  email: emailValue,
  birthDate: birthDateSchema,
  employeeType: z.enum(EMPLOYEE_TYPES, { error: VALIDATION.select }),
  identificationNumber: requiredText(60),
};

/** The fields a person signs in with or is reached by: changing them can take over the account. */
const IDENTITY_FIELDS: ReadonlySet<string> = new Set(['username', 'email']);

const stale = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Someone else changed this person while you were editing. Reload to see their changes, then edit again.',
  );

/** Validates one field with the texts of spec §5 and saves it at the version the editor saw. */
export async function fixOne(deps: Deps, auth: AuthContext, id: number, input: DataFixOne) {
  const [row] = await repo.getCheckRows(deps.db, [id]);
  if (!row) throw notFound('The person');
  const { field } = input;
  let value: string | null;
  if (field === 'phone') {
    const text = optional(input.value);
    value = text === null ? null : normalisePhone(text, row.phoneCountry);
    if (text !== null && value === null) throw invalidFields({ phone: VALIDATION.phone });
  } else {
    const parsed = SCHEMAS[field].safeParse(input.value ?? '');
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? VALIDATION.required;
      throw badRequest(`${field}: ${message}`, { [field]: message });
    }
    value = parsed.data;
  }
  if (field === 'username' && value && value.toLowerCase() !== row.username.toLowerCase()) {
    if ((await repo.takenUsernames(deps.db, [value])).size > 0)
      throw badRequest('username: This username is already taken', {
        username: 'This username is already taken',
      });
  }
  const before = row[field];
  await deps.db.transaction(async (tx) => {
    // The grant rule (decision 0015): a super admin only by a super admin; sign-in details only
    // of people whose every role the fixer could grant.
    const target = await loadGrantTarget(tx, id);
    if (!target) throw notFound('The person');
    const grants = await grantsFor(tx, auth);
    grants.assertPerson(target);
    if (IDENTITY_FIELDS.has(field)) grants.assertIdentity(target);
    if (!(await setField(tx, id, input.version, field, value))) throw stale();
    await audit(tx, auth, {
      action: 'user.data_fixed',
      entityType: 'user',
      entityId: id,
      changes: { [field]: { from: before, to: value } },
    });
  });
  return { id, version: input.version + 1 };
}

// ---------------------------------------------------------------------------------------------
// Fix all of a kind: preview, then apply exactly the previewed changes

/** The mechanical fix of a check for one person: each field's value after it, if any. */
function mechanicalFix(check: FixableCheck, row: CheckRow): DataChange['fields'] {
  return PROBLEMS[check](row)
    .filter(
      (p): p is DataProblem & { field: UserField } =>
        p.field !== null && p.suggestion !== undefined && isUserField(p.field),
    )
    .map((p) => ({ field: p.field, before: p.value, after: p.suggestion ?? null }));
}

const nameOf = (row: CheckRow) => `${row.firstName.trim()} ${row.lastName.trim()}`.trim();

/** Drops username changes whose new name someone already holds (they need a hand fix). */
async function withoutTakenUsernames(deps: Deps, changes: DataChange[]): Promise<DataChange[]> {
  const wanted = changes.flatMap((c) =>
    c.fields.filter((f) => f.field === 'username' && f.after).map((f) => f.after ?? ''),
  );
  const taken = await repo.takenUsernames(deps.db, wanted);
  return changes
    .map((c) => ({
      ...c,
      fields: c.fields.filter(
        (f) => f.field !== 'username' || !taken.has((f.after ?? '').toLowerCase()),
      ),
    }))
    .filter((c) => c.fields.length > 0);
}

export async function previewFix(
  deps: Deps,
  check: FixableCheck,
  q?: string,
): Promise<DataFixPreview> {
  let changes: DataChange[] = [];
  let manual = 0;
  let more = false;
  for await (const batch of repo.checkBatches(deps.db, check, q)) {
    for (const row of batch) {
      const fields = mechanicalFix(check, row);
      if (fields.length === 0) {
        manual += 1;
        continue;
      }
      if (changes.length >= BULK_FIX_MAX) {
        more = true;
        continue;
      }
      changes.push({ id: row.id, version: row.version, name: nameOf(row), fields });
    }
  }
  const fixable = changes.length;
  changes = await withoutTakenUsernames(deps, changes);
  return { changes, manual: manual + fixable - changes.length, more };
}

const SKIP_CHANGED = 'Changed since the preview: left as it is';

/**
 * Applies the changes a preview showed, and nothing else: each change must still be what the
 * check's fix makes of the person's current value; a person changed since is skipped. One
 * transaction, an audit row per changed person.
 */
export async function applyFix(
  deps: Deps,
  auth: AuthContext,
  check: FixableCheck,
  changes: DataChange[],
): Promise<DataFixResult> {
  const ids = [...new Set(changes.map((c) => c.id))];
  if (ids.length !== changes.length) throw badRequest('Each person may appear only once in a fix.');
  const current = new Map((await repo.getCheckRows(deps.db, ids)).map((r) => [r.id, r]));
  const skipped: DataFixResult['skipped'] = [];
  const valid: BulkChange[] = [];
  for (const change of changes) {
    const row = current.get(change.id);
    if (!row) {
      skipped.push({ id: change.id, reason: 'Removed since the preview' });
      continue;
    }
    const fix = new Map(mechanicalFix(check, row).map((f) => [f.field, f]));
    const matches =
      row.version === change.version &&
      change.fields.every((f) => {
        const now = fix.get(f.field);
        return now !== undefined && now.before === f.before && now.after === f.after;
      });
    if (!matches) {
      skipped.push({ id: change.id, reason: SKIP_CHANGED });
      continue;
    }
    const entry: BulkChange = { id: change.id, version: change.version, before: {}, after: {} };
    for (const f of change.fields) {
      if (!isUserField(f.field)) continue;
      entry.before[f.field] = f.before;
      entry.after[f.field] = f.after;
    }
    valid.push(entry);
  }
  const taken = await repo.takenUsernames(
    deps.db,
    valid.flatMap((c) => (c.after.username ? [c.after.username] : [])),
  );
  const free = valid.filter((c) => {
    if (!c.after.username || !taken.has(c.after.username.toLowerCase())) return true;
    skipped.push({ id: c.id, reason: 'The username without spaces is already taken' });
    return false;
  });
  const changed = await deps.db.transaction(async (tx) => {
    // The same grant rule as a fix of one: people the fixer may not change are left out.
    const grants = await grantsFor(tx, auth);
    const targets = await loadGrantTargets(
      tx,
      free.map((c) => c.id),
    );
    const allowed = free.filter((c) => {
      const target = targets.get(c.id);
      const touchesIdentity = Object.keys(c.after).some((f) => IDENTITY_FIELDS.has(f));
      const refusal = !target
        ? 'Removed since the preview'
        : (grants.personRefusal(target) ??
          (touchesIdentity ? grants.identityRefusal(target) : null));
      if (refusal) skipped.push({ id: c.id, reason: refusal });
      return refusal === null;
    });
    free.splice(0, free.length, ...allowed);
    const done = new Set(await applyChanges(tx, free));
    await auditMany(
      tx,
      auth,
      free
        .filter((c) => done.has(c.id))
        .map((c) => ({
          action: 'user.data_fixed',
          entityType: 'user',
          entityId: c.id,
          changes: Object.fromEntries(
            Object.entries(c.after).map(([field, to]) => [
              field,
              { from: c.before[field as UserField] ?? null, to },
            ]),
          ),
        })),
    );
    return done;
  });
  for (const c of free) if (!changed.has(c.id)) skipped.push({ id: c.id, reason: SKIP_CHANGED });
  return { changed: changed.size, skipped };
}
