import type { FontkitFont, FontkitGlyph } from 'fontkit';
import type { Face } from './faces';
import type { ShapedRun } from './shape';

type Position = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
type Layout = {
  glyphs: Pick<FontkitGlyph, 'id' | 'advanceWidth' | 'codePoints'>[];
  positions: Position[];
  readonly advanceWidth: number;
};

/**
 * A face as the PDF library (pdfkit, under @react-pdf/renderer) takes a font: it embeds a
 * subset of the glyphs drawn with it (fontkit's subsetter), writes their widths and a
 * ToUnicode map, and asks the font to lay out the text it is told to draw. This font does no
 * layout of its own: it answers with the run shaped beforehand by HarfBuzz, so the PDF draws
 * exactly those glyph ids at exactly those places. Everything else is the fontkit font's.
 */
export type ShapedFont = FontkitFont & {
  /** The run the next `text()` call draws; set just before it (drawing is synchronous). */
  prepared: ShapedRun | null;
  layout(text: string, features?: unknown): Layout;
};

const fonts = new Map<Face, ShapedFont>();

/** fontkit's TrueType subsetter: the original ids of the glyphs it writes, in order. */
type Subset = { glyphs: number[]; includeGlyph(glyph: number | { id: number }): number };

/**
 * One glyph with the characters it stands for. The PDF's ToUnicode map has one entry per
 * embedded glyph, and Noto draws several letters on one shape (beh, teh and theh share their
 * dotless forms), so a glyph gets a copy in the subset for each text it stands for; such a
 * copy is named by an id past the face's last glyph.
 */
type Copy = { id: number; codePoints: number[] };

function copies(face: Face) {
  const byKey = new Map<string, number>();
  const list: Copy[] = [];
  return {
    idOf(id: number, codePoints: number[]): number {
      const key = `${id}:${codePoints.join(',')}`;
      let found = byKey.get(key);
      if (found === undefined) {
        list.push({ id, codePoints });
        found = face.fontkit.numGlyphs + list.length - 1;
        byKey.set(key, found);
      }
      return found;
    },
    of: (id: number): Copy | undefined => list[id - face.fontkit.numGlyphs],
  };
}

export function shapedFont(face: Face): ShapedFont {
  let font = fonts.get(face);
  if (font) return font;
  // The fontkit font is the prototype: its tables, subsetter and metrics answer as they are.
  const created = Object.create(face.fontkit) as ShapedFont;
  created.prepared = null;
  const copy = copies(face);
  created.createSubset = function createSubset(): Subset {
    const subset = face.fontkit.createSubset() as Subset;
    const include = subset.includeGlyph.bind(subset);
    const included = new Map<number, number>();
    subset.includeGlyph = (glyph) => {
      const id = typeof glyph === 'object' ? glyph.id : glyph;
      const found = copy.of(id);
      if (!found) return include(id);
      let index = included.get(id);
      if (index === undefined) {
        subset.glyphs.push(found.id);
        index = subset.glyphs.length - 1;
        included.set(id, index);
      }
      return index;
    };
    return subset;
  };
  created.layout = function layout(this: ShapedFont): Layout {
    const run = this.prepared;
    if (!run) throw new Error('A shaped font was asked to lay out text it was not given.');
    // A fresh copy each call: the PDF library scales the positions it gets in place.
    const positions = run.glyphs.map((glyph) => ({
      xAdvance: glyph.xAdvance,
      yAdvance: 0,
      xOffset: glyph.xOffset,
      yOffset: glyph.yOffset,
    }));
    return {
      glyphs: run.glyphs.map((glyph) => ({
        id: copy.idOf(glyph.id, glyph.codePoints),
        advanceWidth: face.fontkit.getGlyph(glyph.id).advanceWidth,
        codePoints: glyph.codePoints,
      })),
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    };
  };
  fonts.set(face, created);
  font = created;
  return font;
}
