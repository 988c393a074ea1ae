import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEST_DB } from '../../../test/db-target';
import { buildTestApp, type TestApp } from '../../../test/helpers';

/*
 * A security action checks the grant rule (0015) on the roles its people hold when it writes,
 * not when it first read them: a role given by a transaction still open when the action starts
 * is seen. Needs two connections at once, so PostgreSQL only (PGlite has one).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('security actions and a role given meanwhile', () => {
  it.runIf(TEST_DB === 'postgres')(
    'refuses to lock someone who became an admin while the action ran',
    async () => {
      await t.database.query(
        `insert into role_rights (role_key, right_key) values ('OPERATIONAL_MANAGER', 'USER__SECURITY_ACCESS')`,
      );
      const headers = await t.as('operational_manager');
      const [target] = await t.database.query<{ jwl_id: number }>(
        `select jwl_id from users where username = 'facilitator_2'`,
      );
      const id = target?.jwl_id ?? 0;
      const selection = { mode: 'ids', ids: [id] };
      const preview = await t.app.inject({
        method: 'POST',
        url: '/api/en/security-actions/preview',
        headers,
        payload: { action: 'lock', selection },
      });
      expect(preview.json<{ affected: number }>().affected).toBe(1);

      // An admin's save, open: the person's row and their new ADMIN role, not yet committed.
      let release: (() => void) | undefined;
      const open = new Promise<void>((resolve) => {
        release = resolve;
      });
      let wrote: (() => void) | undefined;
      const written = new Promise<void>((resolve) => {
        wrote = resolve;
      });
      const grant = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update users set version = version + 1 where jwl_id = ${id}`);
        await tx.execute(sql`insert into user_roles (user_id, role_key) values (${id}, 'ADMIN')`);
        wrote?.();
        await open;
      });
      await written;
      const action = t.app.inject({
        method: 'POST',
        url: '/api/en/security-actions/run',
        headers,
        payload: { action: 'lock', selection, expectedCount: 1, reason: 'race' },
      });
      await sleep(300);
      release?.();
      await grant;
      const res = await action;
      expect(res.statusCode, res.body).toBe(409);
      const [after] = await t.database.query<{ status: string }>(
        `select status from users where jwl_id = $1`,
        [id],
      );
      expect(after?.status).toBe('active');
    },
  );
});
