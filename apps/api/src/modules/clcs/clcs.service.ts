import type { Clc, ClcListQuery } from '@lantern/contracts/clc';
import type { clcInputSchema } from '@lantern/contracts/clc';
import { VALIDATION } from '@lantern/contracts/messages';
import type { z } from 'zod';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/body';
import { AppError, badRequest, invalidFields, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { diff } from '../../lib/history';
import { cleanImage } from '../../lib/images';
import { isCountryCode, isTimeZone } from '../../lib/countries';
import { normalisePhone } from '../../lib/phone';
import { clcScope } from '../../lib/scope';
import { insertFile } from '../../lib/files';
import * as repo from './clcs.repository';

type ClcData = z.output<typeof clcInputSchema>;

const staleVersion = () =>
  new AppError(
    409,
    'STALE_VERSION',
    'Someone else changed this CLC while you were editing it. Reload it to see their changes, then edit again.',
  );

export function toClc(deps: Deps, row: repo.ClcRow): Clc {
  const { logoFileId, signatureFileId, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    logo: logoFileId ? deps.files.signedUrl(logoFileId) : null,
    signature: signatureFileId ? deps.files.signedUrl(signatureFileId) : null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** What the schema cannot know: the country list, time zones, the phone number for its country, a free code. */
async function checkAndNormalise(
  deps: Deps,
  data: ClcData,
  exceptId?: number,
): Promise<repo.ClcValues> {
  const fields: Record<string, string> = {};
  if (!isCountryCode(data.country)) fields.country = VALIDATION.select;
  if (!isTimeZone(data.timeZone)) fields.timeZone = VALIDATION.select;
  let contactPhone: string | null = null;
  if (data.contactPhone) {
    contactPhone = normalisePhone(data.contactPhone, data.country);
    if (!contactPhone) fields.contactPhone = VALIDATION.phone;
  }
  if (await repo.codeTaken(deps.db, data.code, exceptId))
    fields.code = 'This code is already used by another CLC';
  const names = Object.keys(fields);
  if (names.length > 0) throw invalidFields(fields);
  return {
    ...data,
    contactPhone,
    minAgeForMinors: data.minorPermission ? data.minAgeForMinors : null,
  };
}

export async function findClcList(deps: Deps, auth: AuthContext, query: ClcListQuery) {
  const { rows, total } = await repo.findClcs(deps.db, clcScope(auth), query);
  return { items: rows, total, page: query.page, limit: query.limit };
}

export async function getClcDetail(deps: Deps, auth: AuthContext, id: number): Promise<Clc> {
  const row = await repo.getClc(deps.db, clcScope(auth), id);
  if (!row) throw notFound('The CLC');
  return toClc(deps, row);
}

export async function createClc(deps: Deps, auth: AuthContext, data: ClcData): Promise<Clc> {
  const values = await checkAndNormalise(deps, data);
  const row = await deps.db.transaction(async (tx) => {
    const created = await repo.insertClc(tx, values);
    await audit(tx, auth, {
      action: 'clc.created',
      entityType: 'clc',
      entityId: created.id,
      changes: { ...values },
    });
    return created;
  });
  return toClc(deps, row);
}

export async function updateClc(
  deps: Deps,
  auth: AuthContext,
  id: number,
  version: number,
  data: ClcData,
): Promise<Clc> {
  const current = await repo.getClc(deps.db, clcScope(auth), id);
  if (!current) throw notFound('The CLC');
  const values = await checkAndNormalise(deps, data, id);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await repo.updateClc(tx, id, version, values);
    if (!updated) throw staleVersion();
    await audit(tx, auth, {
      action: 'clc.updated',
      entityType: 'clc',
      entityId: id,
      changes: diff(current, values),
    });
    return updated;
  });
  return toClc(deps, row);
}

export const CLC_IMAGE_KINDS = ['logo', 'signature'] as const;
export type ClcImageKind = (typeof CLC_IMAGE_KINDS)[number];

/** A logo or signature: JPEG or PNG by content, re-encoded without metadata; replaces the old one. */
export async function uploadClcImage(
  deps: Deps,
  auth: AuthContext,
  input: { id: number; version: number; kind: ClcImageKind; file: UploadedFile | null },
): Promise<Clc> {
  const { file, kind, id } = input;
  if (!file || file.size === 0)
    throw badRequest(VALIDATION.emptyFile, { file: VALIDATION.emptyFile });
  const current = await repo.getClc(deps.db, clcScope(auth), id);
  if (!current) throw notFound('The CLC');
  const image = await cleanImage(await file.read(), 1200);
  if (!image)
    throw badRequest(`${VALIDATION.file}: only JPEG or PNG images are accepted.`, {
      file: VALIDATION.file,
    });
  const { storageKey } = await deps.files.put(image.data);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const fileId = await insertFile(tx, {
        ownerId: auth.user.jwlId,
        kind: `clc-${kind}`,
        mime: image.mime,
        size: image.data.length,
        sha256: image.sha256,
        storageKey,
      });
      const updated = await repo.updateClc(
        tx,
        id,
        input.version,
        kind === 'logo' ? { logoFileId: fileId } : { signatureFileId: fileId },
      );
      if (!updated) throw staleVersion();
      await audit(tx, auth, {
        action: `clc.${kind}_uploaded`,
        entityType: 'clc',
        entityId: id,
        changes: { fileId },
      });
      return updated;
    });
    return toClc(deps, row);
  } catch (error) {
    await deps.files.remove(storageKey);
    throw error;
  }
}
