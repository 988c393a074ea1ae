import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { rows } from '../../lib/sql';

export type ServedFile = {
  mime: string;
  size: number;
  sha256: string;
  storageKey: string;
  /** The name it downloads as: as handed in or uploaded, else its kind (e.g. "certificate"). */
  name: string;
};

export async function getFile(db: Db, id: string): Promise<ServedFile | null> {
  const [row] = await rows<{
    mime: string;
    size: number;
    sha256: string;
    storage_key: string;
    name: string;
  }>(
    db,
    sql`select f.mime, f.size, f.sha256, f.storage_key,
          coalesce((select sf.name from submission_files sf where sf.file_id = f.id limit 1),
                   (select u.filename from uploads u where u.file_id = f.id limit 1),
                   f.kind) as name
        from files f where f.id = ${id}`,
  );
  return row
    ? {
        mime: row.mime,
        size: row.size,
        sha256: row.sha256,
        storageKey: row.storage_key,
        name: row.name,
      }
    : null;
}
