// fontkit 2 ships no types; this is the part of its font object that the PDF library
// (pdfkit, inside @react-pdf/renderer) and this module use.
declare module 'fontkit' {
  export interface FontkitGlyph {
    id: number;
    advanceWidth: number;
    codePoints: number[];
    path: { toSVG(): string };
  }
  export interface FontkitFont {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    capHeight: number;
    xHeight: number;
    italicAngle: number;
    bbox: { minX: number; minY: number; maxX: number; maxY: number };
    numGlyphs: number;
    getGlyph(id: number): FontkitGlyph;
    hasGlyphForCodePoint(codePoint: number): boolean;
    createSubset(): unknown;
  }
  export function create(data: Uint8Array): FontkitFont;
}
