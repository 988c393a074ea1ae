import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_CHECKS,
  type DataCheck,
  type DataCheckCounts,
  type DataCheckPage,
  type DataFixPreview,
  type DataFixResult,
} from '@lantern/contracts/data-checks';
import { DEMO_GENERATED, DEMO_USERS } from '@lantern/db/seed';
import { DATA_CHECK_RECORDS, DATA_CHECK_SEEDS } from '@lantern/db/seed-data-checks';
import { generateStudents, type Flaw } from '@lantern/db/generate';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const BASE = '/api/en/user-data-checker';
const get = async (user: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: await t.as(user) });
const send = async (user: string, method: 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.as(user), ...(payload ? { payload } : {}) });

const idOf = async (username: string) => {
  const [row] = await t.database.query<{ jwl_id: number; version: number }>(
    'select jwl_id, version from users where username = $1',
    [username],
  );
  if (!row) throw new Error(`no user ${username}`);
  return row;
};

async function listed(check: DataCheck, user = 'admin'): Promise<DataCheckPage['items']> {
  const items: DataCheckPage['items'] = [];
  for (let page = 1; ; page += 1) {
    const res = await get(user, `${BASE}/${check}?limit=100&page=${page}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<DataCheckPage>();
    items.push(...body.items);
    if (items.length >= body.total) return items;
  }
}

/** The checks the generator's planted flaws belong to. */
const FLAW_CHECK: Record<Flaw, DataCheck | null> = {
  spaces: 'data-with-spaces',
  capitals: 'possible-cleansing',
  invalidEmail: 'valid-emails',
  badPhone: 'phone-numbers',
  duplicate: 'possible-cleansing',
  noContact: null,
};

/**
 * What each check must find in the demo: the seeded bad records, the generator's planted flaws
 * (a duplicate and the record it copies), and for e-mails every address given more than once.
 */
async function expected(): Promise<Record<DataCheck, string[]>> {
  const clcs = await t.database.query<{ id: number; code: string; country: string }>(
    'select id, code, country from clcs order by id',
  );
  const students = [
    ...generateStudents({
      clcs,
      count: DEMO_GENERATED.students,
      seed: DEMO_GENERATED.studentSeed,
      taken: new Set(DEMO_USERS.map((u) => u.username.toLowerCase())),
    }),
  ];
  const out = Object.fromEntries(
    DATA_CHECKS.map((c) => [c, [...DATA_CHECK_SEEDS[c]] as string[]]),
  ) as Record<DataCheck, string[]>;
  students.forEach((s, i) => {
    const check = s.flaw ? FLAW_CHECK[s.flaw] : null;
    if (!check) return;
    out[check].push(s.username);
    const previous = students[i - 1];
    if (s.flaw === 'duplicate' && previous) out[check].push(previous.username);
  });
  const emails = new Map<string, string[]>();
  for (const p of [
    ...students.map((s) => ({ username: s.username, email: s.email })),
    ...DATA_CHECK_RECORDS.map((r) => ({ username: r.username, email: r.email ?? null })),
  ]) {
    if (!p.email) continue;
    const key = p.email.trim().toLowerCase();
    emails.set(key, [...(emails.get(key) ?? []), p.username]);
  }
  out['duplicate-emails'] = [...emails.values()].filter((u) => u.length > 1).flat();
  for (const check of DATA_CHECKS) out[check] = [...new Set(out[check])].sort();
  return out;
}

describe('rights', () => {
  it('answers 403 on every call without the DATA_CLEAN_UP rights', async () => {
    for (const user of ['view_only_user', 'coordinator']) {
      const calls = [
        await get(user, BASE),
        await get(user, `${BASE}/data-with-spaces`),
        await get(user, `${BASE}/data-with-spaces/export/csv`),
        await send(user, 'PATCH', `${BASE}/people/10001`, {
          version: 1,
          field: 'email',
          value: 'a@b.org',
        }),
        await send(user, 'POST', `${BASE}/data-with-spaces/preview`),
        await send(user, 'POST', `${BASE}/data-with-spaces/fix`, {
          changes: [
            { id: 10001, version: 1, fields: [{ field: 'email', before: 'a', after: 'b' }] },
          ],
        }),
      ];
      expect(calls.map((c) => c.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
      expect(calls[0]?.json<{ missingRight: string }>().missingRight).toBe(
        'DATA_CLEAN_UP__DISPLAY',
      );
    }
  });
});

describe('the checks', () => {
  it('each finds exactly the seeded bad records, and the overview counts them', async () => {
    const want = await expected();
    const counts = (await get('admin', BASE)).json<DataCheckCounts>();
    for (const check of DATA_CHECKS) {
      const found = (await listed(check)).map((i) => i.username).sort();
      expect({ check, found }).toEqual({ check, found: want[check] });
      expect(counts.counts[check]).toBe(found.length);
    }
  });

  it('says what is wrong in each and offers the mechanical fix', async () => {
    const phones = await listed('phone-numbers');
    const local = phones.find((i) => i.username === 'dq.phone.local');
    expect(local?.problems).toEqual([
      {
        field: 'phone',
        value: '0712 345 678',
        message: 'Not in international form (read for KE)',
        suggestion: '+254712345678',
      },
    ]);
    const bad = phones.find((i) => i.username === 'dq.phone.bad');
    expect(bad?.problems[0]?.message).toBe('Please enter a valid phone number (read for JO)');
    expect(bad?.problems[0]?.suggestion).toBeUndefined();
    const shared = (await listed('duplicate-emails')).filter((i) => i.username.startsWith('dq.'));
    expect(shared.map((i) => i.group)).toEqual([
      'tesfay.family@example.org',
      'tesfay.family@example.org',
    ]);
  });

  it('searches and pages a check', async () => {
    const res = await get('admin', `${BASE}/possible-cleansing?q=nyakim&limit=1`);
    const page = res.json<DataCheckPage>();
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
  });

  it('does not check removed people', async () => {
    const { jwl_id } = await idOf('dq.no.name');
    await t.database.query('update users set deleted_at = now() where jwl_id = $1', [jwl_id]);
    try {
      expect((await listed('mandatory-names')).map((i) => i.username)).toEqual([]);
      expect((await get('admin', BASE)).json<DataCheckCounts>().counts['mandatory-names']).toBe(0);
    } finally {
      await t.database.query('update users set deleted_at = null where jwl_id = $1', [jwl_id]);
    }
  });
});

describe('transfers approved by their proposer', () => {
  it('lists the student of each, one line per transfer, and counts them; changes nothing', async () => {
    expect(await listed('self-approved-transfers')).toEqual([]);
    const [tr] = await t.database.query<{ id: number; username: string; code: string }>(
      `select t.id, u.username, c.code from ba_transfers t join enrolments e on e.id = t.enrolment_id
       join users u on u.jwl_id = e.user_id join programme_courses c on c.id = t.course_id
       where t.direction = 'in' and t.state = 'approved' order by t.id limit 1`,
    );
    if (!tr) throw new Error('the demo has no approved transfer in');
    // As a transfer approved before the second-person rule: the proposer decided it.
    await t.database.query(
      `update ba_transfers set decided_by = proposed_by, decided_at = '2026-03-04' where id = $1`,
      [tr.id],
    );
    try {
      const found = await listed('self-approved-transfers');
      expect(found.map((i) => i.username)).toEqual([tr.username]);
      expect(found[0]?.problems).toEqual([
        {
          field: null,
          value: null,
          message: expect.stringMatching(
            new RegExp(
              `^Transfer in of ${tr.code} \\(\\d+(\\.\\d+)? credits\\) in 512, proposed and approved by Daniel Okafor on 2026-03-04$`,
            ),
          ) as string,
        },
      ]);
      const counts = (await get('admin', BASE)).json<DataCheckCounts>();
      expect(counts.counts['self-approved-transfers']).toBe(1);
      const [still] = await t.database.query<{ state: string }>(
        'select state from ba_transfers where id = $1',
        [tr.id],
      );
      expect(still?.state).toBe('approved');
    } finally {
      await t.database.query(
        `update ba_transfers set decided_by = (select jwl_id from users where username = 'academic_manager')
         where id = $1`,
        [tr.id],
      );
    }
  });
});

describe('export', () => {
  it('exports a check as CSV and XLSX', async () => {
    const csv = await get('admin', `${BASE}/valid-emails/export/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"dq.bad.email"');
    expect(csv.body).toContain('Must be a valid E-Mail address');
    const xlsx = await get('admin', `${BASE}/valid-emails/export/xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('fix one in place', () => {
  const fix = async (username: string, field: string, value: string | null, version?: number) => {
    const user = await idOf(username);
    return send('admin', 'PATCH', `${BASE}/people/${user.jwl_id}`, {
      version: version ?? user.version,
      field,
      value,
    });
  };

  it('validates with the texts of spec §5 and saves nothing on error', async () => {
    const cases = [
      ['email', 'omran@', 'Must be a valid E-Mail address'],
      ['phone', '12-34', 'Please enter a valid phone number'],
      ['firstName', '  ', 'This field must be filled'],
      ['birthDate', '31.12.1990', 'Please provide a valid Date'],
    ] as const;
    for (const [field, value, message] of cases) {
      const res = await fix('dq.bad.email', field, value);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({ [field]: message });
    }
    expect((await idOf('dq.bad.email')).version).toBe(1);
  });

  it('fixes the field, moves the version on, audits, and the person leaves the check', async () => {
    const res = await fix('dq.bad.email', 'email', 'Omran.Barakzai@example.org');
    expect(res.statusCode).toBe(200);
    const user = await idOf('dq.bad.email');
    expect(user.version).toBe(2);
    const [row] = await t.database.query<{ email: string }>(
      'select email from users where jwl_id = $1',
      [user.jwl_id],
    );
    expect(row?.email).toBe('omran.barakzai@example.org');
    expect((await listed('valid-emails')).map((i) => i.username)).not.toContain('dq.bad.email');
    const audit = await t.database.query<{ changes: unknown }>(
      `select changes from audit_log where action = 'user.data_fixed' and entity_id = $1`,
      [String(user.jwl_id)],
    );
    expect(audit.map((a) => a.changes)).toEqual([
      { email: { from: 'omran.barakzai@example', to: 'omran.barakzai@example.org' } },
    ]);
  });

  it('answers 409 for a stale version', async () => {
    const res = await fix('dq.bad.email', 'email', 'x@example.org', 1);
    expect(res.statusCode).toBe(409);
  });

  it('sets a missing date of birth in the student profile', async () => {
    const res = await fix('dq.no.birthdate', 'birthDate', '1999-09-09');
    expect(res.statusCode).toBe(200);
    expect((await listed('mandatory-fields')).map((i) => i.username)).toEqual(['dq.no.clc']);
  });

  it('normalises a phone with the person’s country', async () => {
    const res = await fix('dq.phone.bad', 'phone', '079 123 4567');
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.query<{ phone: string }>(
      `select phone from users where username = 'dq.phone.bad'`,
    );
    expect(row?.phone).toBe('+962791234567');
  });
});

describe('fix all at once', () => {
  it('changes exactly what the preview showed; a person changed since is skipped', async () => {
    const preview = (
      await send('admin', 'POST', `${BASE}/data-with-spaces/preview`)
    ).json<DataFixPreview>();
    const spaces = preview.changes.find((c) => c.name === 'Amani Lokure  Ekai');
    expect(spaces?.fields).toEqual([
      { field: 'firstName', before: ' Amani', after: 'Amani' },
      { field: 'lastName', before: 'Lokure  Ekai ', after: 'Lokure Ekai' },
      { field: 'email', before: ' amani.lokure@example.org', after: 'amani.lokure@example.org' },
    ]);
    expect(preview.changes).toHaveLength(3);
    // Someone edits one of them after the preview (another field): the fix leaves them alone.
    const twin = await idOf('dq.twin.2');
    await t.database.query(
      `update users set gender = 'f', version = version + 1 where jwl_id = $1`,
      [twin.jwl_id],
    );
    // A forged change (not what the check's fix makes) is skipped too.
    const forged = preview.changes.map((c) =>
      c.name === 'Amani Lokure  Ekai'
        ? c
        : c.id === twin.jwl_id
          ? c
          : { ...c, fields: c.fields.map((f) => ({ ...f, after: 'Robert' })) },
    );
    const before = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'user.data_fixed'`,
    );
    const res = await send('admin', 'POST', `${BASE}/data-with-spaces/fix`, { changes: forged });
    expect(res.statusCode).toBe(200);
    const result = res.json<DataFixResult>();
    expect(result.changed).toBe(1);
    expect(result.skipped.map((s) => s.id).sort()).toEqual(
      preview.changes
        .filter((c) => c.name !== 'Amani Lokure  Ekai')
        .map((c) => c.id)
        .sort(),
    );
    const [amani] = await t.database.query<Record<string, string>>(
      `select first_name, last_name, email from users where username = 'dq.spaces'`,
    );
    expect(amani).toEqual({
      first_name: 'Amani',
      last_name: 'Lokure Ekai',
      email: 'amani.lokure@example.org',
    });
    const after = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'user.data_fixed'`,
    );
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(1);
    // The rest is still found; the fixed person is not.
    const left = (await listed('data-with-spaces')).map((i) => i.username);
    expect(left).not.toContain('dq.spaces');
    expect(left).toContain('dq.twin.2');
  });

  it('normalises phone numbers and capitalises names; hand fixes are counted apart', async () => {
    const phones = (
      await send('admin', 'POST', `${BASE}/phone-numbers/preview`)
    ).json<DataFixPreview>();
    const local = await idOf('dq.phone.local');
    expect(phones.changes).toEqual([
      {
        id: local.jwl_id,
        version: local.version,
        name: 'Nasra Ekiru',
        fields: [{ field: 'phone', before: '0712 345 678', after: '+254712345678' }],
      },
    ]);
    expect(phones.manual).toBe(1);
    const applied = await send('admin', 'POST', `${BASE}/phone-numbers/fix`, {
      changes: phones.changes,
    });
    expect(applied.json<DataFixResult>()).toEqual({ changed: 1, skipped: [] });

    const names = (
      await send('admin', 'POST', `${BASE}/possible-cleansing/preview?q=dq.`)
    ).json<DataFixPreview>();
    expect(names.changes.map((c) => c.fields)).toEqual([
      [
        { field: 'firstName', before: 'FATUMA', after: 'Fatuma' },
        { field: 'lastName', before: 'ABDIKADIR', after: 'Abdikadir' },
      ],
      [
        { field: 'firstName', before: 'jamal', after: 'Jamal' },
        { field: 'lastName', before: 'nuri', after: 'Nuri' },
      ],
      [{ field: 'lastName', before: 'gatwech', after: 'Gatwech' }],
    ]);
    // dq.twin.1 (the same person twice) has no mechanical fix.
    expect(names.manual).toBe(1);
  });

  it('refuses a fix with no changes or a check without a mechanical fix', async () => {
    expect(
      (await send('admin', 'POST', `${BASE}/valid-emails/fix`, { changes: [] })).statusCode,
    ).toBe(400);
    expect((await send('admin', 'POST', `${BASE}/valid-emails/preview`)).statusCode).toBe(400);
  });
});
