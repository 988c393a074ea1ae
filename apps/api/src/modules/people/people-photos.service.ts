import { ERROR_TEXTS, VALIDATION } from '@lantern/contracts/messages';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/body';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { cleanImage } from '../../lib/images';
import { clcScope } from '../../lib/scope';
import { insertFile } from '../../lib/files';
import type { Kind } from './people.kinds';
import * as repo from './people.repository';
import { getPersonDetail } from './people.service';

// A student's profile and certificate photos: uploaded once each, cleared for a change.

export const PHOTO_TEXT = ERROR_TEXTS.photoAlreadyUploaded;

/** A student's profile or certificate photo, once each; a change needs the photo cleared first. */
export async function uploadStudentPhoto(
  deps: Deps,
  auth: AuthContext,
  kind: Kind,
  input: { id: number; photo: 'profile' | 'certificate'; file: UploadedFile | null },
) {
  const { id, photo, file } = input;
  if (!file || file.size === 0)
    throw badRequest(VALIDATION.emptyFile, { file: VALIDATION.emptyFile });
  const current = await repo.getPerson(deps.db, { roles: kind.roles, scope: clcScope(auth) }, id);
  if (!current) throw notFound('The student');
  const existing =
    photo === 'profile' ? current.profilePhotoFileId : current.profile?.certificatePhotoFileId;
  if (existing) throw new AppError(409, 'CONFLICT', PHOTO_TEXT);
  const image = await cleanImage(await file.read());
  if (!image)
    throw badRequest(`${VALIDATION.file}: only JPEG or PNG images are accepted.`, {
      file: VALIDATION.file,
    });
  const { storageKey } = await deps.files.put(image.data);
  try {
    await deps.db.transaction(async (tx) => {
      const fileId = await insertFile(tx, {
        ownerId: id,
        kind: `${photo}-photo`,
        mime: image.mime,
        size: image.data.length,
        sha256: image.sha256,
        storageKey,
      });
      if (!(await repo.setStudentPhoto(tx, id, photo, fileId, true)))
        throw new AppError(409, 'CONFLICT', PHOTO_TEXT);
      await audit(tx, auth, {
        action: `student.${photo}_photo_uploaded`,
        entityType: 'user',
        entityId: id,
        changes: { fileId },
      });
    });
  } catch (error) {
    await deps.files.remove(storageKey);
    throw error;
  }
  return getPersonDetail(deps, auth, kind, id);
}

/** Clears a photo so the student may upload it again (the helpdesk's answer to a change request). */
export async function clearStudentPhoto(
  deps: Deps,
  auth: AuthContext,
  kind: Kind,
  id: number,
  photo: 'profile' | 'certificate',
) {
  const current = await repo.getPerson(deps.db, { roles: kind.roles, scope: clcScope(auth) }, id);
  if (!current) throw notFound('The student');
  await deps.db.transaction(async (tx) => {
    await repo.setStudentPhoto(tx, id, photo, null, false);
    await audit(tx, auth, {
      action: `student.${photo}_photo_cleared`,
      entityType: 'user',
      entityId: id,
    });
  });
  return getPersonDetail(deps, auth, kind, id);
}
