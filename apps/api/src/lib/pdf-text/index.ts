/**
 * Text in any script for PDFs made with @react-pdf/renderer: names and titles in Latin with
 * diacritics, Arabic and Ethiopic, which the built-in PDF fonts (WinAnsi) cannot print.
 *
 * - `prepareText` shapes a text once, before the document is laid out: bidi levels
 *   (bidi-js), runs of one face and direction, HarfBuzz shaping (joining forms, lam-alef,
 *   marks), runs in visual order, lines broken to a width. Its block knows its size.
 * - `TextBlockCanvas` draws such a block in the page as a react-pdf `Canvas` of that size,
 *   so the page's flex layout places it like any box.
 * - The PDF embeds a subset of each face used (only the glyphs drawn) with a ToUnicode map
 *   from the shaped clusters, so the text can be copied and searched.
 *
 * Fonts: Noto Sans (latin, latin-ext, vietnamese), Noto Sans Arabic and Noto Sans Ethiopic,
 * regular, from the Fontsource packages (SIL Open Font License 1.1). See decision 0008.
 */
import { createElement, type ReactElement } from 'react';
import { Canvas, type Styles } from '@react-pdf/renderer';
import { loadFaces } from './faces';
import { shapedFont } from './pdf-font';
import { shapeLines, unprintable, type ShapedLine } from './shape';

export type { ShapedLine, ShapedRun, ShapedGlyph } from './shape';

type Style = Styles[string];

/** A text shaped and broken into lines, with the size of the box it needs (points). */
export type TextBlock = {
  lines: ShapedLine[];
  width: number;
  height: number;
  lineHeight: number;
  align: 'left' | 'center' | 'right';
};

export type TextOptions = {
  /** Font size in points. */
  size: number;
  /** Widest line in points; longer texts wrap at spaces. */
  maxWidth?: number;
  /** Line height as a multiple of the tallest face's ascent + descent (default 1). */
  lineHeight?: number;
  align?: TextBlock['align'];
};

/** Characters of a text that none of the faces can print; empty when it can be drawn. */
export async function unprintableCharacters(text: string): Promise<string[]> {
  return unprintable(await loadFaces(), text);
}

/**
 * Shapes a text for drawing. Throws when a character is in none of the faces (ask
 * `unprintableCharacters` first to say which).
 */
export async function prepareText(text: string, options: TextOptions): Promise<TextBlock> {
  const faces = await loadFaces();
  const lines = shapeLines(faces, text, options.size, options.maxWidth ?? Infinity);
  const lineHeight =
    Math.max(...lines.map((line) => line.ascent - line.descent), options.size) *
    (options.lineHeight ?? 1);
  return {
    lines,
    width: Math.max(0, ...lines.map((line) => line.width)),
    height: lineHeight * Math.max(1, lines.length),
    lineHeight,
    align: options.align ?? 'center',
  };
}

/** The part of pdfkit's document a react-pdf `Canvas` painter passes on. */
type Painter = {
  font(src: unknown, family?: string, size?: number): Painter;
  fillColor(color: string): Painter;
  text(text: string, x: number, y: number, options: Record<string, unknown>): Painter;
};

/** Draws a block's lines into a box of the block's size, from its top left corner. */
export function paintTextBlock(painter: Painter, block: TextBlock, color: string): void {
  block.lines.forEach((line, index) => {
    const free = block.width - line.width;
    let x = block.align === 'center' ? free / 2 : block.align === 'right' ? free : 0;
    const gap = (block.lineHeight - (line.ascent - line.descent)) / 2;
    const baseline = index * block.lineHeight + gap + line.ascent;
    for (const run of line.runs) {
      const font = shapedFont(run.face);
      font.prepared = run;
      painter
        .font(font, `pdf-text-${run.face.key}`, line.size)
        .fillColor(color)
        // `features` makes the library lay out the run whole rather than word by word.
        .text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic', features: [] });
      font.prepared = null;
      x += run.width;
    }
  });
}

/** A react-pdf element of the block's size that draws it; style adds margins and the like. */
export function TextBlockCanvas(props: {
  block: TextBlock;
  color: string;
  style?: Style;
}): ReactElement {
  const { block, color, style } = props;
  return createElement(Canvas, {
    style: { width: block.width, height: block.height, ...style },
    paint: (painter: unknown) => {
      paintTextBlock(painter as Painter, block, color);
      return null;
    },
  });
}
