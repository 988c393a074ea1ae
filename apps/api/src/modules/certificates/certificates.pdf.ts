import type { CertificateFailure } from '@lantern/contracts/programme';
import { insertFile } from '../../lib/files';
import { readWhole } from '../../plugins/storage';
import type { Deps } from '../../lib/deps';
import { certificateFileName, type NamedPdf } from './certificates.bundle';
import { failureText, type CertificateRenderer } from './certificates.render';
import {
  getStoredFile,
  setCertificateFile,
  type CertificateRecord,
} from './certificates.repository';

type Store = Pick<Deps, 'db' | 'files'>;

/** The stored PDF of a certificate, or null when none is kept (or its bytes went missing). */
async function readStored(deps: Store, fileId: string | null): Promise<Buffer | null> {
  if (!fileId) return null;
  const file = await getStoredFile(deps.db, fileId);
  if (!file) return null;
  return readWhole(deps.files, file.storageKey).catch(() => null);
}

/**
 * Keeps a rendered PDF with its certificate. A certificate says what it said when issued, so
 * its PDF is made once and served from the store afterwards (and a batch can count progress).
 */
async function keep(deps: Store, record: CertificateRecord, data: Buffer, ownerId: number) {
  const { storageKey, sha256 } = await deps.files.put(data);
  const kept = await deps.db
    .transaction(async (tx) => {
      const fileId = await insertFile(tx, {
        ownerId,
        kind: 'certificate',
        mime: 'application/pdf',
        size: data.length,
        sha256,
        storageKey,
      });
      const set = await setCertificateFile(tx, record.id, fileId, record.fileId);
      if (!set) tx.rollback();
      return set;
    })
    .catch(() => false);
  // Another request kept its copy first (or the write failed): ours is not needed.
  if (!kept) await deps.files.remove(storageKey);
}

/** A certificate's PDF: the stored one, else rendered now and kept. */
export async function certificatePdf(
  deps: Store,
  record: CertificateRecord,
  render: CertificateRenderer,
  ownerId: number,
): Promise<Buffer> {
  const stored = await readStored(deps, record.fileId);
  if (stored) return stored;
  const data = await render(record);
  await keep(deps, record, data, ownerId);
  return data;
}

/**
 * The PDFs of many certificates, one after the other; one that fails is listed with why and
 * the others still come out. Yields to the event loop between certificates, so a long batch
 * does not hold up the requests this process serves.
 */
export async function certificatePdfs(
  deps: Store,
  records: CertificateRecord[],
  render: CertificateRenderer,
  ownerId: number,
  onError: (error: unknown, record: CertificateRecord) => void,
): Promise<{ pdfs: NamedPdf[]; failed: CertificateFailure[] }> {
  const pdfs: NamedPdf[] = [];
  const failed: CertificateFailure[] = [];
  for (const record of records) {
    try {
      const data = await certificatePdf(deps, record, render, ownerId);
      pdfs.push({ name: certificateFileName(record.code, record.lastName), data });
    } catch (error) {
      onError(error, record);
      failed.push({
        enrolmentId: record.enrolmentId,
        name: record.studentName,
        error: failureText(error),
      });
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { pdfs, failed };
}
