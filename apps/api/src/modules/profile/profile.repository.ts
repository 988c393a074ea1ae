import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { roles, sessions, userRoles } from '@lantern/db/schema/access';
import { studentProfiles, users } from '@lantern/db/schema/people';

export async function getProfileRow(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.jwlId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      gender: users.gender,
      systemRole: users.systemRole,
      employeeType: users.employeeType,
      profilePhotoFileId: users.profilePhotoFileId,
      lastSignInAt: users.lastSignInAt,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.jwlId, userId));
  return row ?? null;
}

export async function findRolesOf(db: Db, userId: number) {
  return db
    .select({ key: roles.key, label: roles.label, scope: roles.scope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.key, userRoles.roleKey))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.sortOrder), asc(roles.key));
}

export async function setSessionRole(db: Db, sessionId: string, roleKey: string): Promise<void> {
  await db.update(sessions).set({ activeRoleKey: roleKey }).where(eq(sessions.id, sessionId));
}

export async function setSessionSwitchRole(
  db: Db,
  sessionId: string,
  userId: number,
  roleKey: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ switchUserId: userId, switchRoleKey: roleKey })
    .where(eq(sessions.id, sessionId));
}

export async function setLastRole(db: Db, userId: number, roleKey: string): Promise<void> {
  await db.update(users).set({ lastRoleKey: roleKey }).where(eq(users.jwlId, userId));
}

export async function setSessionClcs(
  db: Db,
  sessionId: string,
  clcIds: number[] | null,
): Promise<void> {
  await db.update(sessions).set({ clcIds }).where(eq(sessions.id, sessionId));
}

/** Sets the profile photo only if none is set yet; false when one already was. */
export async function setPhotoOnce(db: Db, userId: number, fileId: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ profilePhotoFileId: fileId, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(and(eq(users.jwlId, userId), isNull(users.profilePhotoFileId)))
    .returning({ id: users.jwlId });
  return updated.length === 1;
}

/** The certificate photo of a student; null when the user has no student record. */
export async function getCertificatePhoto(db: Db, userId: number) {
  const [row] = await db
    .select({ fileId: studentProfiles.certificatePhotoFileId })
    .from(studentProfiles)
    .where(eq(studentProfiles.userId, userId));
  return row ?? null;
}

/** Sets the certificate photo only if none is set yet; false when one already was. */
export async function setCertificatePhotoOnce(
  db: Db,
  userId: number,
  fileId: string,
): Promise<boolean> {
  const updated = await db
    .update(studentProfiles)
    .set({ certificatePhotoFileId: fileId })
    .where(and(eq(studentProfiles.userId, userId), isNull(studentProfiles.certificatePhotoFileId)))
    .returning({ id: studentProfiles.userId });
  if (updated.length === 0) return false;
  await db
    .update(users)
    .set({ updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.jwlId, userId));
  return true;
}
