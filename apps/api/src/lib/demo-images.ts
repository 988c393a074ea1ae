import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { Deps } from './deps';
import { insertFile } from './files';
import { rows } from './sql';

/** A lantern in the CLC's colour: shapes only, so no font is needed to draw it. */
const logoSvg = (
  colour: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
  <circle cx="120" cy="120" r="112" fill="${colour}"/>
  <circle cx="120" cy="120" r="100" fill="none" stroke="#fff" stroke-width="4"/>
  <rect x="96" y="52" width="48" height="14" rx="4" fill="#fff"/>
  <path d="M88 72 h64 l10 80 h-84 z" fill="#fde68a" stroke="#fff" stroke-width="6" stroke-linejoin="round"/>
  <ellipse cx="120" cy="116" rx="12" ry="22" fill="#f59e0b"/>
  <rect x="82" y="156" width="76" height="14" rx="4" fill="#fff"/>
  <path d="M104 52 q16 -26 32 0" fill="none" stroke="#fff" stroke-width="6"/>
</svg>`;

/** A handwritten-looking stroke, for the signee's signature. */
const signatureSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="140" viewBox="0 0 420 140">
  <path d="M20 96 C 40 20, 70 20, 62 92 S 110 120, 128 60 S 160 40, 168 88 C 176 120, 200 40, 222 70
           S 250 110, 268 64 C 280 40, 300 100, 318 80 S 360 50, 400 76"
        fill="none" stroke="#1e3a8a" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M60 112 C 160 104, 260 108, 380 100" fill="none" stroke="#1e3a8a" stroke-width="3" stroke-linecap="round"/>
</svg>`;

const COLOURS = ['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0f766e', '#4d7c0f'];

/**
 * Gives the demo CLCs a logo and a signature, so the demo certificates show both. Runs once,
 * right after the demo data is seeded: the file store is the app's, which the seed cannot reach.
 */
export async function addDemoClcImages(deps: Deps): Promise<number> {
  const clcs = await rows<{ id: number }>(
    deps.db,
    sql`select id from clcs where logo_file_id is null and signature_file_id is null order by id`,
  );
  const signature = await sharp(Buffer.from(signatureSvg)).png().toBuffer();
  let done = 0;
  for (const [i, clc] of clcs.entries()) {
    const logo = await sharp(Buffer.from(logoSvg(COLOURS[i % COLOURS.length] ?? '#1d4ed8')))
      .png()
      .toBuffer();
    const ids: string[] = [];
    for (const [kind, data] of [
      ['clc-logo', logo],
      ['clc-signature', signature],
    ] as const) {
      const { storageKey, sha256 } = await deps.files.put(data);
      ids.push(
        await insertFile(deps.db, {
          ownerId: null,
          kind,
          mime: 'image/png',
          size: data.length,
          sha256,
          storageKey,
        }),
      );
    }
    await deps.db.execute(
      sql`update clcs set logo_file_id = ${ids[0]}, signature_file_id = ${ids[1]} where id = ${clc.id}`,
    );
    done += 1;
  }
  return done;
}
