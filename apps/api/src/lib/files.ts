import type { Db } from '@lantern/db/client';
import { files } from '@lantern/db/schema/operations';

/** Records a stored file (its bytes are already in the file store under `storageKey`). */
export async function insertFile(
  db: Db,
  file: {
    /** Null for what the system made itself (demo images). */
    ownerId: number | null;
    kind: string;
    mime: string;
    size: number;
    sha256: string;
    storageKey: string;
  },
): Promise<string> {
  const [row] = await db.insert(files).values(file).returning({ id: files.id });
  if (!row) throw new Error('The file could not be recorded.');
  return row.id;
}
