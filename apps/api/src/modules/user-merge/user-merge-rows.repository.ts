import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { MergeCount } from '@lantern/contracts/user-merge';
import { jsonParam, rows, textArray } from '../../lib/sql';
import { REFERENCES, type Reference } from './merge-references';

const id = (name: string): SQL => sql`${sql.identifier(name)}`;

/** A table's shape as the catalogue has it: its key and the unique keys a column is part of. */
export type TableShape = {
  primaryKey: string[];
  uniques: string[][];
};

/** Primary and unique keys (plain columns, partial ones too) of the tables the merge touches. */
export async function readShapes(db: Db, tables: string[]): Promise<Map<string, TableShape>> {
  const found = await rows<{ table: string; primary: boolean; columns: string[] }>(
    db,
    sql`select c.relname as "table", i.indisprimary as "primary",
          array_agg(a.attname::text order by k.ord) as "columns"
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
       where c.relnamespace = 'public'::regnamespace
         and c.relname = any(${textArray(tables)})
         and i.indisunique and i.indexprs is null
       group by c.relname, i.indexrelid, i.indisprimary`,
  );
  const shapes = new Map<string, TableShape>();
  for (const table of tables) shapes.set(table, { primaryKey: [], uniques: [] });
  for (const row of found) {
    const shape = shapes.get(row.table);
    if (!shape) continue;
    if (row.primary) shape.primaryKey = row.columns;
    shape.uniques.push(row.columns);
  }
  return shapes;
}

/** Every foreign key to users(jwl_id) in the database, as `table.column`. */
export async function userForeignKeys(db: Db): Promise<string[]> {
  const found = await rows<{ ref: string }>(
    db,
    sql`select c.relname || '.' || a.attname as ref
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
         where k.contype = 'f' and k.confrelid = 'public.users'::regclass
         order by 1`,
  );
  return found.map((r) => r.ref);
}

/** Rows per reference for each of the two people, in one statement. */
export async function countReferences(
  db: Db,
  removedId: number,
  keptId: number,
): Promise<MergeCount[]> {
  const counted = REFERENCES.filter((r) => r.policy.kind !== 'keep');
  const parts = counted.map(
    (r, i) =>
      sql`select ${i}::int as i,
            count(*) filter (where ${id(r.column)} = ${removedId})::int as removed,
            count(*) filter (where ${id(r.column)} = ${keptId})::int as kept
          from ${id(r.table)} where ${id(r.column)} in (${removedId}, ${keptId})`,
  );
  const found = await rows<{ i: number; removed: number; kept: number }>(
    db,
    sql.join(parts, sql` union all `),
  );
  const byIndex = new Map(found.map((f) => [f.i, f]));
  return counted.map((r, i) => ({
    kind: `${r.table}.${r.column}`,
    label: 'label' in r.policy ? r.policy.label : r.table,
    removed: byIndex.get(i)?.removed ?? 0,
    kept: byIndex.get(i)?.kept ?? 0,
  }));
}

/** The unique keys of a table that hold the reference column, and the other columns of each. */
function keysWith(shape: TableShape, column: string): string[][] {
  return shape.uniques
    .filter((cols) => cols.includes(column))
    .map((cols) => cols.filter((c) => c !== column));
}

/** The removed person's rows that a unique key would also find for the kept one. */
const duplicateOf = (ref: Reference, shape: TableShape, keptId: number): SQL => {
  const keys = keysWith(shape, ref.column);
  const matches = keys.map((others) =>
    others.length === 0
      ? sql`true`
      : sql.join(
          // `=` as a unique key compares: two nulls never collide. That also keeps a partial key
          // such as (announcement_id, user_id) where announcement_id is not null to its rows.
          others.map((c) => sql`k.${id(c)} = r.${id(c)}`),
          sql` and `,
        ),
  );
  if (matches.length === 0) return sql`false`;
  // Each key's match in its own parentheses and all of them in another: `and` binds tighter than
  // `or`, so without the outer pair a second key would match other people's rows too.
  return sql`exists (select 1 from ${id(ref.table)} k where k.${id(ref.column)} = ${keptId} and ((${sql.join(matches, sql`) or (`)})))`;
};

/** The removed person's rows that collide with the kept one's on a unique key, by name. */
export async function findConflicts(
  db: Db,
  ref: Reference,
  shape: TableShape,
  removedId: number,
  keptId: number,
): Promise<string[]> {
  const name =
    ref.policy.kind === 'move' && ref.policy.conflictName
      ? sql.raw(ref.policy.conflictName)
      : sql`null::text`;
  const found = await rows<{ name: string | null }>(
    db,
    sql`select ${name} as name from ${id(ref.table)} r
         where r.${id(ref.column)} = ${removedId} and ${duplicateOf(ref, shape, keptId)}`,
  );
  return found.map((f) => f.name ?? '');
}

/** The key of a row without the reference column: what finds it again after the move. */
const rowKey = (ref: Reference, shape: TableShape, alias: string): SQL => {
  const cols = shape.primaryKey.filter((c) => c !== ref.column);
  if (cols.length === 0) throw new Error(`${ref.table} has no key beside ${ref.column}`);
  return sql`jsonb_build_object(${sql.join(
    cols.map((c) => sql`${c}::text, ${sql.raw(alias)}.${id(c)}`),
    sql`, `,
  )})`;
};

export type TableMove = { moved: unknown[]; dropped: unknown[] };

/** Drops the removed person's duplicates (returned whole, for an undo), then moves the rest. */
export async function moveRows(
  db: Db,
  ref: Reference,
  shape: TableShape,
  removedId: number,
  keptId: number,
  dedupe: boolean,
): Promise<TableMove> {
  const dropped = dedupe
    ? (
        await rows<{ row: unknown }>(
          db,
          sql`delete from ${id(ref.table)} r
               where r.${id(ref.column)} = ${removedId} and ${duplicateOf(ref, shape, keptId)}
               returning to_jsonb(r.*) as row`,
        )
      ).map((r) => r.row)
    : [];
  const moved = await rows<{ key: unknown }>(
    db,
    sql`update ${id(ref.table)} t set ${id(ref.column)} = ${keptId}
         where t.${id(ref.column)} = ${removedId}
         returning ${rowKey(ref, shape, 't')} as key`,
  );
  return { moved: moved.map((m) => m.key), dropped };
}

/** Puts moved rows back to the removed person and re-inserts the dropped duplicates. */
export async function unmoveRows(
  db: Db,
  ref: Reference,
  shape: TableShape,
  removedId: number,
  keptId: number,
  move: TableMove,
): Promise<number> {
  let back = 0;
  if (move.moved.length > 0) {
    const restored = await rows<{ n: number }>(
      db,
      sql`with back as (
            update ${id(ref.table)} t set ${id(ref.column)} = ${removedId}
             where t.${id(ref.column)} = ${keptId}
               and ${rowKey(ref, shape, 't')} in (select value from jsonb_array_elements(${jsonParam(move.moved)}::jsonb))
            returning 1)
          select count(*)::int as n from back`,
    );
    back += restored[0]?.n ?? 0;
  }
  if (move.dropped.length > 0) {
    const reinserted = await rows<{ n: number }>(
      db,
      sql`with back as (
            insert into ${id(ref.table)} overriding system value
            select * from jsonb_populate_recordset(null::${id(ref.table)}, ${jsonParam(move.dropped)}::jsonb)
            on conflict do nothing
            returning 1)
          select count(*)::int as n from back`,
    );
    back += reinserted[0]?.n ?? 0;
  }
  return back;
}

/** Column values of one person, by table, for the field choice. */
export async function readFields(
  db: Db,
  table: 'users' | 'student_profiles',
  userId: number,
  columns: string[],
): Promise<Record<string, string | null> | null> {
  if (columns.length === 0) return {};
  const key = table === 'users' ? 'jwl_id' : 'user_id';
  const [row] = await rows<Record<string, string | null>>(
    db,
    sql`select ${sql.join(
      columns.map((c) => sql`${id(c)}::text as ${id(c)}`),
      sql`, `,
    )} from ${id(table)} where ${id(key)} = ${userId}`,
  );
  return row ?? null;
}

/**
 * Sets column values on one person's row, each cast back to its column's type. With `only`,
 * a column changes only while it still holds that value (an undo leaves later edits alone).
 */
export async function writeFields(
  db: Db,
  table: 'users' | 'student_profiles',
  userId: number,
  values: Record<string, string | null>,
  only?: Record<string, string | null>,
): Promise<void> {
  const key = table === 'users' ? 'jwl_id' : 'user_id';
  for (const [column, value] of Object.entries(values)) {
    const guard =
      only && column in only
        ? sql` and ${id(column)}::text is not distinct from ${only[column] ?? null}`
        : sql``;
    // The value arrives as text; the column's own type reads it back (dates, enums).
    await db.execute(
      sql`update ${id(table)} set ${id(column)} = (
            select (json_populate_record(null::${id(table)}, json_build_object(${column}::text, ${value}::text))).${id(column)})
          where ${id(key)} = ${userId}${guard}`,
    );
  }
  if (table === 'users')
    await db.execute(
      sql`update users set version = version + 1, updated_at = now() where jwl_id = ${userId}`,
    );
}

/** Moves a one-per-person row (the student profile) whole from one person to another. */
export const moveProfileSql = (table: string, column: string, fromId: number, toId: number): SQL =>
  sql`update ${id(table)} set ${id(column)} = ${toId} where ${id(column)} = ${fromId}`;
