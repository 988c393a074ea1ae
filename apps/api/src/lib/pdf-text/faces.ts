import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { FontkitFont } from 'fontkit';
import type * as HarfBuzzModule from 'harfbuzzjs';
import { woffToSfnt } from './woff';

type HarfBuzz = typeof HarfBuzzModule;

/**
 * The faces that print what the built-in PDF fonts cannot: one family (Noto Sans, SIL Open
 * Font License 1.1, from the Fontsource packages), regular weight, one file per script range.
 * A character is drawn in the first face that has it, so the order says which face wins.
 */
const FACE_FILES = [
  ['latin', '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'],
  ['latin-ext', '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'],
  ['vietnamese', '@fontsource/noto-sans/files/noto-sans-vietnamese-400-normal.woff'],
  ['arabic', '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'],
  ['ethiopic', '@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-400-normal.woff'],
] as const;

export type FaceKey = (typeof FACE_FILES)[number][0];

/** One font face, opened both for shaping (HarfBuzz) and for embedding (fontkit). */
export type Face = {
  key: FaceKey;
  /** The same sfnt bytes both libraries read, so their glyph ids agree. */
  sfnt: Uint8Array;
  fontkit: FontkitFont;
  shaper: InstanceType<HarfBuzz['Font']>;
  unitsPerEm: number;
  /** Font units above and below the baseline (descender negative), from the hhea table. */
  ascender: number;
  descender: number;
  covers(codePoint: number): boolean;
};

export type Faces = { harfbuzz: HarfBuzz; faces: Face[] };

const require = createRequire(import.meta.url);

async function openFace(harfbuzz: HarfBuzz, key: FaceKey, file: string): Promise<Face> {
  const sfnt = woffToSfnt(await readFile(require.resolve(file)));
  const font = fontkit.create(sfnt);
  const shaper = new harfbuzz.Font(new harfbuzz.Face(new harfbuzz.Blob(sfnt), 0));
  const extents = shaper.hExtents();
  return {
    key,
    sfnt,
    fontkit: font,
    shaper,
    unitsPerEm: font.unitsPerEm,
    ascender: extents.ascender,
    descender: extents.descender,
    covers: (codePoint) => font.hasGlyphForCodePoint(codePoint),
  };
}

let loading: Promise<Faces> | null = null;

/**
 * The faces and the shaper, loaded once per process on first use (HarfBuzz's wasm and about
 * 200 KB of fonts), so a process that prints only Western European text never loads them.
 */
export function loadFaces(): Promise<Faces> {
  loading ??= (async () => {
    const harfbuzz = await import('harfbuzzjs');
    const faces = await Promise.all(FACE_FILES.map(([key, file]) => openFace(harfbuzz, key, file)));
    return { harfbuzz, faces };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
