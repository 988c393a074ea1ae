import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { userRoles } from '@lantern/db/schema/access';
import { studentProfiles, userClcs, users } from '@lantern/db/schema/people';
import { inList, rows } from '../../lib/sql';

import { peopleCondition, type PeopleFilter } from './people-list.repository';

// The people lists' queries are in people-list.repository.ts; re-exported for this module.
export { countSql, findPeople, peopleCondition } from './people-list.repository';
export type {
  PageCursor,
  PageStart,
  PeopleFilter,
  PersonListRow,
  PersonPageRow,
} from './people-list.repository';

export type PersonRow = typeof users.$inferSelect & {
  roles: string[];
  clcIds: number[];
  profile: typeof studentProfiles.$inferSelect | null;
};

/** One person in scope, with roles, CLCs and (for students) the profile; null when out of reach. */
export async function getPerson(
  db: Db,
  filter: Pick<PeopleFilter, 'roles' | 'scope'>,
  id: number,
): Promise<PersonRow | null> {
  const [found] = await rows<{ id: number }>(
    db,
    sql`select u.jwl_id as id from users u left join student_profiles sp on sp.user_id = u.jwl_id
        where u.jwl_id = ${id} and ${peopleCondition({ ...filter, query: {} })}`,
  );
  if (!found) return null;
  const [user] = await db.select().from(users).where(eq(users.jwlId, id));
  if (!user) return null;
  const [roleRows, clcRows, [profile]] = await Promise.all([
    db.select({ key: userRoles.roleKey }).from(userRoles).where(eq(userRoles.userId, id)),
    db.select({ id: userClcs.clcId }).from(userClcs).where(eq(userClcs.userId, id)),
    db.select().from(studentProfiles).where(eq(studentProfiles.userId, id)),
  ]);
  return {
    ...user,
    roles: roleRows.map((r) => r.key).sort(),
    clcIds: clcRows.map((c) => c.id).sort((a, b) => a - b),
    profile: profile ?? null,
  };
}

export async function usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.jwlId })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.username})`, username.toLowerCase()),
        exceptId ? ne(users.jwlId, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

export async function countEmailUsers(db: Db, email: string, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        exceptId ? ne(users.jwlId, exceptId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function existingRoles(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const found = await rows<{ key: string }>(
    db,
    sql`select key from roles where key in (${inList(keys)})`,
  );
  return found.map((r) => r.key);
}

export async function clcCountries(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; country: string }>(
    db,
    sql`select id, country from clcs where id in (${inList(ids)})`,
  );
  return new Map(found.map((r) => [r.id, r.country]));
}

export type UserValues = Pick<
  typeof users.$inferInsert,
  | 'username'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'gender'
  | 'employeeType'
  | 'systemRole'
  | 'status'
>;
export type ProfileValues = Omit<
  typeof studentProfiles.$inferInsert,
  'userId' | 'certificatePhotoFileId'
>;

export async function insertPerson(
  db: Db,
  values: { user: UserValues; roles: string[]; clcIds: number[]; profile: ProfileValues | null },
): Promise<number> {
  const [created] = await db.insert(users).values(values.user).returning({ id: users.jwlId });
  if (!created) throw new Error('The person could not be saved.');
  const id = created.id;
  if (values.roles.length)
    await db.insert(userRoles).values(values.roles.map((roleKey) => ({ userId: id, roleKey })));
  await db.insert(userClcs).values(values.clcIds.map((clcId) => ({ userId: id, clcId })));
  if (values.profile) await db.insert(studentProfiles).values({ ...values.profile, userId: id });
  return id;
}

/** Updates a person at the version the editor saw; false when someone else changed them since. */
export async function updateUserRow(
  db: Db,
  id: number,
  version: number,
  values: Partial<UserValues>,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ ...values, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(and(eq(users.jwlId, id), eq(users.version, version)))
    .returning({ id: users.jwlId });
  return updated.length === 1;
}

export async function upsertProfile(db: Db, id: number, profile: ProfileValues): Promise<void> {
  await db
    .insert(studentProfiles)
    .values({ ...profile, userId: id })
    .onConflictDoUpdate({ target: studentProfiles.userId, set: profile });
}

/** Sets the person's CLCs among those the editor reaches; memberships beyond them stay. */
export async function replaceClcs(
  db: Db,
  id: number,
  clcIds: number[],
  scope: number[] | null,
): Promise<void> {
  await db
    .delete(userClcs)
    .where(
      and(
        eq(userClcs.userId, id),
        scope ? inArray(userClcs.clcId, scope.length ? scope : [-1]) : undefined,
      ),
    );
  await db
    .insert(userClcs)
    .values(clcIds.map((clcId) => ({ userId: id, clcId })))
    .onConflictDoNothing();
}

export async function replaceRoles(db: Db, id: number, roles: string[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, id));
  if (roles.length)
    await db.insert(userRoles).values(roles.map((roleKey) => ({ userId: id, roleKey })));
}

export async function addRole(db: Db, id: number, role: string): Promise<void> {
  await db.insert(userRoles).values({ userId: id, roleKey: role }).onConflictDoNothing();
}

export async function setStudentPhoto(
  db: Db,
  id: number,
  kind: 'profile' | 'certificate',
  fileId: string | null,
  onlyIfEmpty: boolean,
): Promise<boolean> {
  if (kind === 'profile') {
    const updated = await db
      .update(users)
      .set({
        profilePhotoFileId: fileId,
        version: sql`${users.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(users.jwlId, id),
          onlyIfEmpty ? sql`${users.profilePhotoFileId} is null` : undefined,
        ),
      )
      .returning({ id: users.jwlId });
    return updated.length === 1;
  }
  const updated = await db
    .update(studentProfiles)
    .set({ certificatePhotoFileId: fileId })
    .where(
      and(
        eq(studentProfiles.userId, id),
        onlyIfEmpty ? sql`${studentProfiles.certificatePhotoFileId} is null` : undefined,
      ),
    )
    .returning({ id: studentProfiles.userId });
  if (updated.length === 1) {
    await db
      .update(users)
      .set({ version: sql`${users.version} + 1`, updatedAt: new Date() })
      .where(eq(users.jwlId, id));
  }
  return updated.length === 1;
}
