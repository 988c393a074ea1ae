import {
  CERTIFICATE_PHOTO_STUDENTS_ONLY,
  type ApplicationRole,
  type ImageType,
  type Profile,
} from '@lantern/contracts/profile';
import type { ChangePasswordInput } from '@lantern/contracts/auth';
import type { TokenPair } from '@lantern/contracts/auth';
import { ERROR_TEXTS, VALIDATION } from '@lantern/contracts/messages';
import { hashPassword, verifyPassword } from '@lantern/db/passwords';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/body';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { cleanImage } from '../../lib/images';
import { revokeAllSessions, startSession } from '../../lib/sessions';
import * as repo from './profile.repository';
import { insertFile } from '../../lib/files';
import { findClcRefs, setPasswordHash } from '../../lib/people';

/** The roles the user holds, `activeKey` marked (the role acted in now, unless given). */
export async function listApplicationRoles(
  deps: Deps,
  auth: AuthContext,
  activeKey: string | null = auth.user.roleKey,
): Promise<ApplicationRole[]> {
  const held = await repo.findRolesOf(deps.db, auth.user.jwlId);
  return held.map((r) => ({ ...r, active: r.key === activeKey }));
}

export async function getProfile(deps: Deps, auth: AuthContext): Promise<Profile> {
  const row = await repo.getProfileRow(deps.db, auth.user.jwlId);
  if (!row) throw notFound('Your profile');
  const { profilePhotoFileId, passwordHash: _hash, ...rest } = row;
  const certificate = await repo.getCertificatePhoto(deps.db, auth.user.jwlId);
  return {
    ...rest,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    profilePhoto: profilePhotoFileId ? deps.files.signedUrl(profilePhotoFileId) : null,
    canUploadPhoto: profilePhotoFileId === null,
    certificatePhoto: certificate?.fileId ? deps.files.signedUrl(certificate.fileId) : null,
    canUploadCertificatePhoto: certificate !== null && certificate.fileId === null,
    clcs: await findClcRefs(deps.db, auth.user.allClcIds),
    roles: await listApplicationRoles(deps, auth),
  };
}

/** Makes one held role the active one for this sign-in (and the start role of the next). */
export async function selectRole(
  deps: Deps,
  auth: AuthContext,
  roleKey: string,
): Promise<ApplicationRole[]> {
  if (!auth.user.roleKeys.includes(roleKey)) {
    throw badRequest(`You do not hold the role ${roleKey}.`, { roles: VALIDATION.select });
  }
  await deps.db.transaction(async (tx) => {
    if (auth.impersonating) {
      await repo.setSessionSwitchRole(tx, auth.sessionId, auth.user.jwlId, roleKey);
    } else {
      await repo.setSessionRole(tx, auth.sessionId, roleKey);
      await repo.setLastRole(tx, auth.user.jwlId, roleKey);
    }
    await audit(tx, auth, {
      action: 'profile.role_selected',
      entityType: 'user',
      entityId: auth.user.jwlId,
      changes: { from: auth.user.roleKey, to: roleKey },
    });
  });
  return listApplicationRoles(deps, auth, roleKey);
}

/** Narrows the CLCs this sign-in works in; choosing all of them clears the narrowing. */
export async function selectClcs(deps: Deps, auth: AuthContext, clcIds: number[]): Promise<void> {
  const unknown = clcIds.filter((id) => !auth.user.allClcIds.includes(id));
  if (unknown.length > 0)
    throw badRequest('You can only choose CLCs you belong to.', { clcIds: VALIDATION.select });
  if (auth.impersonating)
    throw new AppError(403, 'IMPERSONATION_DENIED', 'CLCs cannot be chosen while impersonating.');
  const all = auth.user.allClcIds.every((id) => clcIds.includes(id));
  await deps.db.transaction(async (tx) => {
    await repo.setSessionClcs(
      tx,
      auth.sessionId,
      all ? null : [...new Set(clcIds)].sort((a, b) => a - b),
    );
    await audit(tx, auth, {
      action: 'profile.clcs_selected',
      entityType: 'user',
      entityId: auth.user.jwlId,
      changes: { clcIds },
    });
  });
}

export const PASSWORD_CHANGED_MESSAGE = 'Your password is changed. Other devices are signed out.';

/**
 * Changes the password and ends every sign-in of the user, then signs this device in afresh
 * so the person does not lose their place.
 */
export async function changePassword(
  deps: Deps,
  auth: AuthContext,
  input: ChangePasswordInput,
  userAgent: string | null,
): Promise<TokenPair> {
  if (auth.impersonating)
    throw new AppError(403, 'IMPERSONATION_DENIED', ERROR_TEXTS.passwordChangeWhileImpersonating);
  const row = await repo.getProfileRow(deps.db, auth.user.jwlId);
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw badRequest('The current password is not correct.', {
      currentPassword: 'The current password is not correct.',
    });
  }
  if (input.currentPassword === input.newPassword) {
    throw badRequest('The new password must differ from the current one.', {
      newPassword: 'The new password must differ from the current one.',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  return deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, auth.user.jwlId, passwordHash);
    const revoked = await revokeAllSessions(tx, auth.user.jwlId, 'password changed');
    const pair = await startSession(deps, tx, { userId: auth.user.jwlId, ip: auth.ip, userAgent });
    await audit(tx, auth, {
      action: 'profile.password_changed',
      entityType: 'user',
      entityId: auth.user.jwlId,
      changes: { sessionsEnded: revoked },
    });
    return { token: pair.token, refresh_token: pair.refresh_token };
  });
}

/** Whether the photo of this type is already there; a certificate photo needs a student. */
async function ownPhotoTaken(deps: Deps, userId: number, imageType: ImageType) {
  if (imageType === 'profile')
    return (await repo.getProfileRow(deps.db, userId))?.profilePhotoFileId != null;
  const certificate = await repo.getCertificatePhoto(deps.db, userId);
  if (!certificate) throw badRequest(CERTIFICATE_PHOTO_STUDENTS_ONLY);
  return certificate.fileId !== null;
}

/** One's own profile or certificate photo, each once (spec §5: a change goes through the
 * helpdesk): JPEG or PNG by content, re-encoded without metadata. */
export async function uploadOwnPhoto(
  deps: Deps,
  auth: AuthContext,
  imageType: ImageType,
  file: UploadedFile | null,
): Promise<string> {
  if (!file || file.size === 0)
    throw badRequest(VALIDATION.emptyFile, { file: VALIDATION.emptyFile });
  if (await ownPhotoTaken(deps, auth.user.jwlId, imageType))
    throw new AppError(409, 'CONFLICT', ERROR_TEXTS.photoAlreadyUploaded);
  const image = await cleanImage(await file.read());
  if (!image)
    throw badRequest(`${VALIDATION.file}: only JPEG or PNG images are accepted.`, {
      file: VALIDATION.file,
    });
  const alreadyUploaded = () => new AppError(409, 'CONFLICT', ERROR_TEXTS.photoAlreadyUploaded);
  const { storageKey } = await deps.files.put(image.data);
  try {
    const fileId = await deps.db.transaction(async (tx) => {
      const id = await insertFile(tx, {
        ownerId: auth.user.jwlId,
        kind: `${imageType}-photo`,
        mime: image.mime,
        size: image.data.length,
        sha256: image.sha256,
        storageKey,
      });
      // A second upload that raced this one: roll back the file row too.
      const isSet =
        imageType === 'profile'
          ? await repo.setPhotoOnce(tx, auth.user.jwlId, id)
          : await repo.setCertificatePhotoOnce(tx, auth.user.jwlId, id);
      if (!isSet) throw alreadyUploaded();
      await audit(tx, auth, {
        action: 'profile.photo_uploaded',
        entityType: 'user',
        entityId: auth.user.jwlId,
        changes: { fileId: id, imageType },
      });
      return id;
    });
    return deps.files.signedUrl(fileId);
  } catch (error) {
    // Nothing points at the stored bytes when the transaction did not commit.
    await deps.files.remove(storageKey);
    throw error;
  }
}
