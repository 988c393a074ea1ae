// Rows for the enrolment tests, written straight into the test database: the tests make their
// own programmes and students rather than depend on what the demo seed holds.
import type { EnrolmentState, ProgrammeStatus } from '@lantern/contracts/programme';
import type { TestApp } from '../../../test/helpers';

export type Fixtures = ReturnType<typeof fixtures>;

export function fixtures(t: TestApp) {
  let serial = 0;
  const start = Math.floor(Math.random() * 900);
  const clcId = async (code: string) => {
    const [row] = await t.database.query<{ id: number }>(`select id from clcs where code = $1`, [
      code,
    ]);
    if (!row) throw new Error(`no CLC ${code}`);
    return row.id;
  };

  /** A professional programme in a status, offered at some CLCs (by code). */
  const programme = async (status: ProgrammeStatus, clcCodes: string[] = ['KAK', 'AMM']) => {
    // Any free 3-digit code: one the seed (or an earlier test) took is skipped.
    for (let tries = 0; tries < 900; tries += 1) {
      serial += 1;
      const code = String(100 + ((start + serial) % 900));
      const [row] = await t.database.query<{ id: number }>(
        `insert into programmes (type, code, internal_name, title, start_date, end_date, status)
         values ('professional', $1, $2, $3, '2025-01-01', '2026-12-31', $4)
         on conflict do nothing returning id`,
        [code, `Test programme ${code}`, `Community Work ${code}`, status],
      );
      if (!row) continue;
      for (const c of clcCodes)
        await t.database.query(
          `insert into programme_clcs (programme_id, clc_id) values ($1, $2)`,
          [row.id, await clcId(c)],
        );
      return { id: row.id, code, title: `Community Work ${code}` };
    }
    throw new Error('no free programme code');
  };

  /** A person with the STUDENT role at a CLC; without a password unless asked. */
  const person = async (
    input: {
      firstName?: string;
      lastName?: string;
      email?: string | null;
      birthDate?: string | null;
      clc?: string;
      password?: boolean;
    } = {},
  ) => {
    serial += 1;
    const firstName = input.firstName ?? 'Test';
    const lastName = input.lastName ?? `Person${serial}`;
    const username = `fixture.${serial}.${Math.random().toString(36).slice(2, 8)}`;
    const [user] = await t.database.query<{ id: number }>(
      `insert into users (username, email, first_name, last_name, password_hash)
       values ($1, $2, $3, $4, $5) returning jwl_id as id`,
      [
        username,
        input.email === undefined ? `${username}@example.org` : input.email,
        firstName,
        lastName,
        input.password ? 'x' : null,
      ],
    );
    if (!user) throw new Error('no user');
    await t.database.query(`insert into user_roles (user_id, role_key) values ($1, 'STUDENT')`, [
      user.id,
    ]);
    await t.database.query(`insert into user_clcs (user_id, clc_id) values ($1, $2)`, [
      user.id,
      await clcId(input.clc ?? 'KAK'),
    ]);
    await t.database.query(`insert into student_profiles (user_id, birth_date) values ($1, $2)`, [
      user.id,
      input.birthDate ?? null,
    ]);
    return { id: user.id, username, firstName, lastName };
  };

  /** A person in a programme, in a state, at a CLC. */
  const enrol = async (
    programmeId: number,
    state: EnrolmentState,
    input: Parameters<typeof person>[0] = {},
  ) => {
    const who = await person(input);
    const [row] = await t.database.query<{ id: number }>(
      `insert into enrolments (programme_id, user_id, clc_id, state) values ($1, $2, $3, $4) returning id`,
      [programmeId, who.id, await clcId(input.clc ?? 'KAK'), state],
    );
    if (!row) throw new Error('no enrolment');
    return { ...who, enrolmentId: row.id, userId: who.id };
  };

  const enrolment = async (id: number) => {
    const [row] = await t.database.query<{
      state: EnrolmentState;
      version: number;
      reason: string | null;
    }>(`select state, version, reason from enrolments where id = $1`, [id]);
    return row ?? null;
  };

  const auditOf = async (enrolmentId: number) =>
    t.database.query<{ action: string; changes: Record<string, unknown>; actor_id: number }>(
      `select action, changes, actor_id from audit_log
       where entity_type = 'enrolment' and entity_id = $1 order by id`,
      [String(enrolmentId)],
    );

  return { clcId, programme, person, enrol, enrolment, auditOf };
}
