import { sql, type SQL } from 'drizzle-orm';
import type { PersonKind } from '@lantern/contracts/people';
import type { Db } from '@lantern/db/client';
import { rows } from '../../lib/sql';
import { peopleCondition, type PeopleFilter } from './people-list.repository';

/** An export column: its header and the SQL text of its value for one person (u, sp). */
type Column = { header: string; value: SQL };

const BASE: Column[] = [
  { header: 'JWL-ID', value: sql`u.jwl_id::text` },
  { header: 'Username', value: sql`u.username` },
  { header: 'First name', value: sql`u.first_name` },
  { header: 'Last name', value: sql`u.last_name` },
  { header: 'E-mail', value: sql`u.email` },
  { header: 'Phone', value: sql`u.phone` },
  { header: 'Gender', value: sql`u.gender::text` },
  { header: 'Status', value: sql`u.status::text` },
  {
    header: 'CLCs',
    value: sql`(select string_agg(c.code, ' ' order by c.code) from user_clcs uc join clcs c on c.id = uc.clc_id where uc.user_id = u.jwl_id)`,
  },
  {
    header: 'Roles',
    value: sql`(select string_agg(ur.role_key, ' ' order by ur.role_key) from user_roles ur where ur.user_id = u.jwl_id)`,
  },
];
const STUDENT: Column[] = [
  { header: 'Birth date', value: sql`sp.birth_date::text` },
  { header: 'Nationality (ISO)', value: sql`sp.nationality` },
  { header: 'Residency status', value: sql`sp.residency_status::text` },
  { header: 'Country of residence (ISO)', value: sql`sp.country_of_residence` },
  { header: 'Native language', value: sql`sp.native_language` },
  { header: 'Schooling level', value: sql`sp.schooling_level::text` },
  { header: 'UNHCR number', value: sql`sp.unhcr_number` },
  { header: 'Identification', value: sql`sp.identification_type::text` },
  { header: 'Device', value: sql`sp.device_type::text` },
  { header: 'CEFR level', value: sql`sp.cefr_level::text` },
];
const STAFF: Column[] = [{ header: 'Employee type', value: sql`u.employee_type::text` }];
const LAST: Column[] = [
  {
    header: 'Last sign-in',
    value: sql`to_char(u.last_sign_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  },
];

export function exportColumns(kind: PersonKind): Column[] {
  return [...BASE, ...(kind === 'student' ? STUDENT : STAFF), ...LAST];
}

const FROM = sql`from users u left join student_profiles sp on sp.user_id = u.jwl_id`;

/**
 * The filtered people as CSV text, a batch of lines at a time (keyset on the JWL-ID). Each line
 * is built in the database with csv_cell (quoting and formula neutralising, migration 0001), so
 * only one text value a batch crosses into JavaScript.
 */
export async function* peopleCsvChunks(
  db: Db,
  kind: PersonKind,
  filter: PeopleFilter,
  size = 20000,
): AsyncGenerator<string> {
  const cells = sql.join(
    exportColumns(kind).map((c) => sql`csv_cell(${c.value})`),
    sql`, `,
  );
  const condition = peopleCondition(filter);
  let after = 0;
  for (;;) {
    const [batch] = await rows<{ last: number | null; n: number; csv: string | null }>(
      db,
      sql`select max(id) as last, count(*)::int as n, string_agg(line, E'\r\n' order by id) as csv
          from (
            select u.jwl_id as id, concat_ws(',', ${cells}) as line ${FROM}
            where ${condition} and u.jwl_id > ${after}
            order by u.jwl_id limit ${size}
          ) b`,
    );
    if (!batch?.n || batch.last === null) return;
    yield `${batch.csv ?? ''}\r\n`;
    after = batch.last;
    if (batch.n < size) return;
  }
}

/** The filtered people as rows of text cells (neutralised in the database), for XLSX. */
export async function* peopleCellBatches(
  db: Db,
  kind: PersonKind,
  filter: PeopleFilter,
  size = 2000,
): AsyncGenerator<string[][]> {
  const columns = exportColumns(kind);
  const cells = sql.join(
    columns.map((c) => sql`neutralise(${c.value})`),
    sql`, `,
  );
  const condition = peopleCondition(filter);
  let after = 0;
  for (;;) {
    const batch = await rows<{ id: number; cells: (string | null)[] }>(
      db,
      sql`select u.jwl_id as id, array[${cells}] as cells ${FROM}
          where ${condition} and u.jwl_id > ${after} order by u.jwl_id limit ${size}`,
    );
    if (batch.length === 0) return;
    yield batch.map((r) => r.cells.map((c) => c ?? ''));
    after = batch[batch.length - 1]?.id ?? after;
    if (batch.length < size) return;
  }
}
