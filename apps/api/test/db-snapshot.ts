import type { Database } from '@lantern/db/client';

/**
 * A copy of the seeded rows kept beside them, in the schema `lantern_test`, and a function
 * that puts them back: a test file starts from `lantern_test.reset()` on its worker's one
 * database instead of opening a copy of the template of its own (about 3 s on PGlite, a
 * third of the API suite's time). The template holds the copy, so every database made from it
 * can reset itself.
 *
 * `reset()` drops the schemas and tables a test made, empties every seeded table, copies the
 * seeded rows back (triggers and foreign keys off, as a restore does) and sets each sequence
 * where the seed left it. It does not undo a change to the structure of a seeded table (no
 * test makes one) nor triggers left disabled (the test that disables them turns them back on).
 */
const SNAPSHOT = `
create schema lantern_test;

create table lantern_test.schemas as
  select nspname::text as name from pg_namespace
   where nspname not like 'pg\\_%' and nspname <> 'information_schema';

create table lantern_test.tables (
  id serial primary key,
  schema_name text not null,
  table_name text not null,
  columns text not null
);

insert into lantern_test.tables (schema_name, table_name, columns)
select n.nspname, c.relname,
       string_agg(format('%I', a.attname), ', ' order by a.attnum)
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                      and a.attgenerated = ''
 where c.relkind in ('r', 'p') and n.nspname in (select name from lantern_test.schemas)
   and n.nspname <> 'lantern_test'
 group by n.nspname, c.relname;

create table lantern_test.sequences as
  select format('%I.%I', schemaname, sequencename) as name, start_value, last_value
    from pg_sequences
   where schemaname in (select name from lantern_test.schemas) and schemaname <> 'lantern_test';

do $$
declare r record;
begin
  for r in select id, schema_name, table_name, columns from lantern_test.tables loop
    execute format('create table lantern_test.%I as select %s from %I.%I',
                   'rows_' || r.id, r.columns, r.schema_name, r.table_name);
  end loop;
end $$;

create function lantern_test.reset() returns void language plpgsql as $$
declare
  r record;
  listed text;
begin
  for r in select nspname from pg_namespace
            where nspname not like 'pg\\_%' and nspname <> 'information_schema'
              and nspname not in (select name from lantern_test.schemas) loop
    execute format('drop schema %I cascade', r.nspname);
  end loop;
  for r in select n.nspname, c.relname from pg_class c
             join pg_namespace n on n.oid = c.relnamespace
            where c.relkind in ('r', 'p') and n.nspname <> 'lantern_test'
              and n.nspname in (select name from lantern_test.schemas)
              and not exists (select 1 from lantern_test.tables t
                               where t.schema_name = n.nspname and t.table_name = c.relname) loop
    execute format('drop table if exists %I.%I cascade', r.nspname, r.relname);
  end loop;
  select string_agg(format('%I.%I', schema_name, table_name), ', ') into listed
    from lantern_test.tables;
  -- Off before the truncate too: append-only tables refuse one.
  perform set_config('session_replication_role', 'replica', true);
  execute 'truncate ' || listed;
  for r in select id, schema_name, table_name, columns from lantern_test.tables loop
    execute format('insert into %I.%I (%s) overriding system value select %s from lantern_test.%I',
                   r.schema_name, r.table_name, r.columns, r.columns, 'rows_' || r.id);
  end loop;
  perform set_config('session_replication_role', 'origin', true);
  for r in select name, start_value, last_value from lantern_test.sequences loop
    perform setval(r.name, coalesce(r.last_value, r.start_value), r.last_value is not null);
  end loop;
end $$;
`;

/** Keeps the seeded rows in `lantern_test` beside them (in the template, once per run). */
export async function keepSnapshot(database: Database): Promise<void> {
  await database.exec(SNAPSHOT);
}

/** Puts the seeded rows back, in one transaction. */
export async function resetToSnapshot(database: Database): Promise<void> {
  await database.exec('begin; select lantern_test.reset(); commit;');
}
