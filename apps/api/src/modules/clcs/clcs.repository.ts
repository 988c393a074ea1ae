import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ClcListQuery } from '@lantern/contracts/clc';
import type { Db } from '@lantern/db/client';
import { clcs, userClcs } from '@lantern/db/schema/people';
import { containsPattern } from '../../lib/sql';

export type ClcRow = typeof clcs.$inferSelect;
export type ClcValues = Omit<
  typeof clcs.$inferInsert,
  'id' | 'version' | 'createdAt' | 'updatedAt' | 'logoFileId' | 'signatureFileId'
>;

const people = sql<number>`(select count(*)::int from ${userClcs} where ${userClcs.clcId} = ${clcs.id})`;

function filters(
  scope: number[] | null,
  query: Omit<ClcListQuery, 'page' | 'limit' | 'sort' | 'dir'>,
): SQL | undefined {
  const pattern = query.q ? containsPattern(query.q) : null;
  return and(
    scope ? inArray(clcs.id, scope.length ? scope : [-1]) : undefined,
    pattern
      ? or(ilike(clcs.name, pattern), ilike(clcs.code, pattern), ilike(clcs.financeCode, pattern))
      : undefined,
    query.country ? eq(clcs.country, query.country) : undefined,
    query.active ? eq(clcs.isActive, query.active === 'true') : undefined,
    query.gel ? eq(clcs.isGel, query.gel === 'true') : undefined,
  );
}

const SORT_COLUMNS = {
  name: sql`lower(${clcs.name})`,
  code: clcs.code,
  country: clcs.country,
  financeCode: clcs.financeCode,
  people,
  createdAt: clcs.createdAt,
} as const;

/** One page of CLCs in scope, with how many people belong to each, and the filtered total. */
export async function findClcs(db: Db, scope: number[] | null, query: ClcListQuery) {
  const where = filters(scope, query);
  const order = query.dir === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: clcs.id,
        name: clcs.name,
        code: clcs.code,
        financeCode: clcs.financeCode,
        country: clcs.country,
        isGel: clcs.isGel,
        isActive: clcs.isActive,
        maxStudents: clcs.maxStudents,
        people,
      })
      .from(clcs)
      .where(where)
      .orderBy(order(SORT_COLUMNS[query.sort]), asc(clcs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(clcs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every CLC of the filtered list, a batch at a time (keyset on id), for exports. */
export async function* clcBatches(
  db: Db,
  scope: number[] | null,
  query: ClcListQuery,
  size = 1000,
) {
  let after = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(clcs)
      .where(and(filters(scope, query), gt(clcs.id, after)))
      .orderBy(asc(clcs.id))
      .limit(size);
    if (batch.length === 0) return;
    yield batch;
    after = batch[batch.length - 1]?.id ?? after;
    if (batch.length < size) return;
  }
}

export async function getClc(db: Db, scope: number[] | null, id: number): Promise<ClcRow | null> {
  const [row] = await db
    .select()
    .from(clcs)
    .where(and(eq(clcs.id, id), scope ? inArray(clcs.id, scope.length ? scope : [-1]) : undefined));
  return row ?? null;
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: clcs.id })
    .from(clcs)
    .where(and(eq(clcs.code, code), exceptId ? sql`${clcs.id} <> ${exceptId}` : undefined));
  return Boolean(row);
}

export async function insertClc(db: Db, values: ClcValues): Promise<ClcRow> {
  const [row] = await db.insert(clcs).values(values).returning();
  if (!row) throw new Error('The CLC could not be saved.');
  return row;
}

/** Updates a CLC at the version the editor saw; null when someone else changed it since. */
export async function updateClc(
  db: Db,
  id: number,
  version: number,
  values: Partial<ClcValues> & { logoFileId?: string; signatureFileId?: string },
): Promise<ClcRow | null> {
  const [row] = await db
    .update(clcs)
    .set({ ...values, version: sql`${clcs.version} + 1`, updatedAt: new Date() })
    .where(and(eq(clcs.id, id), eq(clcs.version, version)))
    .returning();
  return row ?? null;
}
