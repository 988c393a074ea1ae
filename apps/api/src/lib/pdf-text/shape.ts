import bidiFactory from 'bidi-js';
import type { Face, Faces } from './faces';

/** One glyph as drawn: its id in its face and its placement, in font units. */
export type ShapedGlyph = {
  id: number;
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  /**
   * The characters this glyph stands for, for the PDF's ToUnicode map (copy and search): the
   * whole cluster on one glyph, `NO_CHARACTER` on the others. In a right-to-left run they are
   * given in visual order, as text extraction reads a right-to-left line and turns it back.
   */
  codePoints: number[];
};

/** A stretch of one face and one direction, shaped; its glyphs are in visual order. */
export type ShapedRun = {
  face: Face;
  rtl: boolean;
  /** The run's characters in logical order. */
  text: string;
  glyphs: ShapedGlyph[];
  /** Width in points at the line's size. */
  width: number;
};

/** One line of text, shaped and in visual order (left to right), at a size in points. */
export type ShapedLine = {
  text: string;
  size: number;
  runs: ShapedRun[];
  width: number;
  /** Points above and below (negative) the baseline, of the tallest face used. */
  ascent: number;
  descent: number;
};

const bidi = bidiFactory();

/**
 * What a glyph that stands for no character of its own maps to: the zero width joiner, a
 * format character that text extraction drops (an empty entry would make readers fall back
 * to the glyph's number).
 */
export const NO_CHARACTER = 0x200d;

/** Characters of a text that no face can print (none: the text can be drawn). */
export function unprintable(faces: Faces, text: string): string[] {
  const missing = new Set<string>();
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (!faces.faces.some((face) => face.covers(codePoint))) missing.add(char);
  }
  return [...missing];
}

type Item = { codePoint: number; level: number; face: Face };

/**
 * Splits a text into items of one face: a character stays in the face of the one before it
 * when that face has it (spaces and marks stay with their word), else takes the first face
 * that has it.
 */
function itemise(faces: Faces, text: string): Item[] {
  const { levels } = bidi.getEmbeddingLevels(text, 'auto');
  const items: Item[] = [];
  let unit = 0;
  let current: Face | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const face = current?.covers(codePoint)
      ? current
      : faces.faces.find((candidate) => candidate.covers(codePoint));
    if (!face) throw new Error(`No face has the character U+${codePoint.toString(16)}.`);
    items.push({ codePoint, level: levels[unit] ?? 0, face });
    current = face;
    unit += char.length;
  }
  return items;
}

function shapeRun(faces: Faces, face: Face, codePoints: number[], rtl: boolean, size: number) {
  const { harfbuzz } = faces;
  const buffer = new harfbuzz.Buffer();
  buffer.addCodePoints(codePoints);
  buffer.setDirection(rtl ? harfbuzz.Direction.RTL : harfbuzz.Direction.LTR);
  buffer.guessSegmentProperties();
  harfbuzz.shape(face.shaper, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  // A cluster spans from its first character to the next cluster's start (logical order).
  const starts = [...new Set(infos.map((info) => info.cluster))].sort((a, b) => a - b);
  const end = (cluster: number) => starts.find((start) => start > cluster) ?? codePoints.length;
  // Its characters go with its first glyph that is not a mark (Noto draws Arabic dots as
  // marks), or its first glyph when all are marks; its other glyphs stand for no character.
  const bearer = new Map<number, number>();
  infos.forEach((info, i) => {
    const isMark = face.shaper.face.getGlyphClass(info.codepoint) === harfbuzz.GlyphClass.MARK;
    const current = bearer.get(info.cluster);
    const currentIsMark =
      current !== undefined &&
      face.shaper.face.getGlyphClass(infos[current]?.codepoint ?? 0) === harfbuzz.GlyphClass.MARK;
    if (current === undefined || (currentIsMark && !isMark)) bearer.set(info.cluster, i);
  });
  const glyphs = infos.map((info, i): ShapedGlyph => {
    const position = positions[i] ?? { xAdvance: 0, xOffset: 0, yOffset: 0 };
    const chars =
      bearer.get(info.cluster) === i ? codePoints.slice(info.cluster, end(info.cluster)) : [];
    return {
      id: info.codepoint,
      xAdvance: position.xAdvance,
      xOffset: position.xOffset,
      yOffset: position.yOffset,
      codePoints: chars.length === 0 ? [NO_CHARACTER] : rtl ? chars.reverse() : chars,
    };
  });
  const advance = glyphs.reduce((sum, glyph) => sum + glyph.xAdvance, 0);
  return {
    face,
    rtl,
    text: String.fromCodePoint(...codePoints),
    glyphs,
    width: (advance / face.unitsPerEm) * size,
  };
}

/**
 * The runs in visual order (Unicode bidi rule L2): from the highest level down to the lowest
 * odd one, every stretch of runs at that level or above is reversed.
 */
function reorder<T extends { level: number }>(runs: T[]): T[] {
  let order = [...runs];
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level).filter((level) => level % 2 === 1));
  for (let level = highest; level >= lowestOdd && level > 0; level -= 1) {
    const next: T[] = [];
    let stretch: T[] = [];
    for (const run of order) {
      if (run.level >= level) stretch.push(run);
      else {
        next.push(...stretch.reverse(), run);
        stretch = [];
      }
    }
    next.push(...stretch.reverse());
    order = next;
  }
  return order;
}

/**
 * Shapes one line: the bidi levels of its characters (first strong character decides the
 * base direction), runs of one face and one level, each shaped by HarfBuzz in its direction
 * (joining forms, ligatures such as lam-alef, marks), and the runs put in visual order.
 */
export function shapeLine(faces: Faces, text: string, size: number): ShapedLine {
  const normalised = text.normalize('NFC');
  const items = itemise(faces, normalised);
  const pieces: { level: number; face: Face; codePoints: number[] }[] = [];
  for (const item of items) {
    const last = pieces.at(-1);
    if (last && last.level === item.level && last.face === item.face)
      last.codePoints.push(item.codePoint);
    else pieces.push({ level: item.level, face: item.face, codePoints: [item.codePoint] });
  }
  const runs = reorder(pieces).map((piece) =>
    shapeRun(faces, piece.face, piece.codePoints, piece.level % 2 === 1, size),
  );
  const used = runs.length > 0 ? runs.map((run) => run.face) : faces.faces.slice(0, 1);
  return {
    text: normalised,
    size,
    runs,
    width: runs.reduce((sum, run) => sum + run.width, 0),
    ascent: Math.max(...used.map((face) => (face.ascender / face.unitsPerEm) * size)),
    descent: Math.min(...used.map((face) => (face.descender / face.unitsPerEm) * size)),
  };
}

/**
 * Breaks a text into lines no wider than `maxWidth` points (at spaces; a word longer than the
 * width gets a line of its own), each shaped. Breaking happens in logical order, before each
 * line is put in visual order, as the bidi algorithm asks.
 */
export function shapeLines(
  faces: Faces,
  text: string,
  size: number,
  maxWidth: number,
): ShapedLine[] {
  const lines: ShapedLine[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    let line: ShapedLine | null = null;
    for (const word of words) {
      const candidate = shapeLine(faces, line ? `${line.text} ${word}` : word, size);
      if (line && candidate.width > maxWidth) {
        lines.push(line);
        line = shapeLine(faces, word, size);
      } else line = candidate;
    }
    if (line) lines.push(line);
  }
  return lines;
}
