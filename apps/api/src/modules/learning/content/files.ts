import type { ResourceSettingsInput } from '@lantern/contracts/learning-content';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { badRequest } from '../../../lib/errors';
import { findCourseDocument, findUploadedDocument } from './content-authoring.repository';

/** A signed link to a course document (decision 0019: links appear only in answers the caller
 * may read). The one call of the file store's links in this module. */
export const fileLink = (deps: Deps, fileId: string): string => deps.files.signedUrl(fileId);

const NO_FILE = 'Please add a file first';

/**
 * The file of a file resource: a completed course-document upload of the author's for this
 * course (interface 3: the author passes `uploadId`), or a file the course already uses
 * (`fileId`, when a resource keeps its file or one is reused).
 */
export async function resolveResourceFile(
  db: Db,
  auth: AuthContext,
  courseId: number,
  input: Extract<ResourceSettingsInput, { format: 'file' }>,
): Promise<string> {
  if (input.uploadId) {
    const upload = await findUploadedDocument(db, input.uploadId, auth.user.jwlId, courseId);
    if (!upload?.file_id)
      throw badRequest('The document upload was not found or is not complete.', {
        uploadId: NO_FILE,
      });
    return upload.file_id;
  }
  if (input.fileId) {
    const used = await findCourseDocument(db, input.fileId, courseId);
    if (!used) throw badRequest('That document is not one of this course.', { fileId: NO_FILE });
    return used.id;
  }
  throw badRequest(NO_FILE, { uploadId: NO_FILE });
}
