import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { IMAGE_MIME_TYPES } from '@lantern/contracts/profile';

export type CleanImage = { data: Buffer; mime: (typeof IMAGE_MIME_TYPES)[number]; sha256: string };

/**
 * A JPEG or PNG judged by its bytes, not its name, re-encoded so that nothing but pixels
 * survives (metadata such as GPS positions is dropped). Null when it is neither.
 */
export async function cleanImage(input: Buffer, maxSide = 1024): Promise<CleanImage | null> {
  const type = await fileTypeFromBuffer(input);
  if (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png') return null;
  try {
    const pipeline = sharp(input, { failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    const data =
      type.mime === 'image/png'
        ? await pipeline.png().toBuffer()
        : await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { data, mime: type.mime, sha256: createHash('sha256').update(data).digest('hex') };
  } catch {
    // Bytes that claim to be an image but do not decode are not a valid file.
    return null;
  }
}
