import { eq } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { files } from '@lantern/db/schema/operations';

export async function getFile(db: Db, id: string) {
  const [row] = await db
    .select({ mime: files.mime, kind: files.kind, storageKey: files.storageKey })
    .from(files)
    .where(eq(files.id, id));
  return row ?? null;
}
