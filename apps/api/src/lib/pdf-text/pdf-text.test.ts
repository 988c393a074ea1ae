import { createElement as h } from 'react';
import { Document, Page, Text, renderToBuffer } from '@react-pdf/renderer';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFaces, type Face, type Faces } from './faces';
import { prepareText, TextBlockCanvas, unprintableCharacters, type TextBlock } from './index';
import { extractedLines, inspectPdf, outline, type EmbeddedFont } from './pdf-text.fixtures';

const BEH3 = 'ببب'; // one letter three times: initial, medial and final forms
const LAM_ALEF = 'لا'; // lam then alef: the required lam-alef forms (rlig)
const ARABIC = 'محمد عبد الله الخطيب';
const MIXED = 'Amal محمد Al-Khatib';
const ETHIOPIC = 'አበበ ቢቂላ';
const VIETNAMESE = 'Nguyễn Thị Ánh';

let faces: Faces;
const face = (key: Face['key']): Face => {
  const found = faces.faces.find((f) => f.key === key);
  if (!found) throw new Error(`No face ${key}.`);
  return found;
};

/** HarfBuzz's own shaping of a text in one face and direction: glyph ids in visual order. */
function reference(key: Face['key'], text: string, rtl: boolean) {
  const { harfbuzz } = faces;
  const buffer = new harfbuzz.Buffer();
  buffer.addText(text);
  buffer.setDirection(rtl ? harfbuzz.Direction.RTL : harfbuzz.Direction.LTR);
  buffer.guessSegmentProperties();
  harfbuzz.shape(face(key).shaper, buffer);
  return buffer.getGlyphInfos().map((info) => ({ id: info.codepoint, cluster: info.cluster }));
}

const isMark = (key: Face['key'], id: number) =>
  face(key).shaper.face.getGlyphClass(id) === faces.harfbuzz.GlyphClass.MARK;

/** One page with each text drawn as a shaped block, one under the other. */
async function pageOf(blocks: TextBlock[]): Promise<Buffer> {
  return renderToBuffer(
    h(
      Document,
      null,
      h(
        Page,
        { size: 'A4', style: { padding: 40, alignItems: 'center' } },
        h(Text, null, 'Names'),
        ...blocks.map((block, i) =>
          h(TextBlockCanvas, { key: i, block, color: '#000000', style: { marginBottom: 12 } }),
        ),
      ),
    ),
  );
}

/**
 * The glyphs a PDF draws in its one embedded font, in drawing order, as outlines (a mark
 * placed off its advance starts a new text run, so runs are joined).
 */
async function drawnGlyphs(pdf: Buffer): Promise<{ font: EmbeddedFont; outlines: string[] }> {
  const { fonts, runs } = await inspectPdf(pdf);
  const [font, ...others] = fonts.values();
  if (!font || others.length > 0) throw new Error('One embedded font expected.');
  const codes = runs.flatMap((run) => run.codes);
  return { font, outlines: codes.map((code) => outline(font.program, code)) };
}

/** The outlines of HarfBuzz's glyphs for a text, in visual order (marks left out or not). */
function referenceOutlines(text: string, withMarks = true): string[] {
  const full = face('arabic').fontkit;
  return reference('arabic', text, true)
    .filter((g) => withMarks || !isMark('arabic', g.id))
    .map((g) => outline(full, g.id));
}

beforeAll(async () => {
  faces = await loadFaces();
});

describe('PDF text in any script', () => {
  it('draws the glyphs HarfBuzz shapes for Arabic: joining forms, right to left', async () => {
    const pdf = await pageOf([await prepareText(BEH3, { size: 30 })]);
    const { outlines } = await drawnGlyphs(pdf);
    // Exactly HarfBuzz's glyphs, in its visual order (leftmost first).
    expect(outlines).toEqual(referenceOutlines(BEH3));
    // The letter's three glyphs (without its dot, a mark) differ by joining position ...
    const bases = reference('arabic', BEH3, true).filter((g) => !isMark('arabic', g.id));
    expect(new Set(referenceOutlines(BEH3, false)).size).toBe(3);
    // ... and run right to left: the leftmost is the final form (the last letter written),
    // the rightmost the initial form, as in a word of two; the letter alone is neither.
    expect(bases.map((g) => g.cluster)).toEqual([2, 1, 0]);
    const [final, , initial] = referenceOutlines(BEH3, false);
    expect([final, initial]).toEqual(referenceOutlines('بب', false));
    expect(referenceOutlines(BEH3, false)).not.toContain(referenceOutlines('ب', false)[0]);
    // The ToUnicode map gives each letter back, so copy and search find it.
    expect(await extractedLines(pdf)).toContain(BEH3);
  });

  it('draws lam-alef in its required forms, which copy as the two letters', async () => {
    const pdf = await pageOf([await prepareText(LAM_ALEF, { size: 30 })]);
    const { font, outlines } = await drawnGlyphs(pdf);
    expect(outlines).toEqual(referenceOutlines(LAM_ALEF));
    // Alef on the left, lam on the right, neither in the forms they take beside other
    // letters (final alef after beh, initial lam before beh).
    const [alef, lam] = outlines;
    expect(outlines).toHaveLength(2);
    expect(alef).not.toBe(referenceOutlines('با', false)[0]);
    expect(lam).not.toBe(referenceOutlines('لب', false)[1]);
    expect(alef).not.toBe(referenceOutlines('ا')[0]);
    expect([...font.toUnicode.values()]).toEqual(expect.arrayContaining(['ا', 'ل']));
    expect(await extractedLines(pdf)).toContain(LAM_ALEF);
  });

  it('gives back Arabic, mixed, Ethiopic and Vietnamese names in logical order', async () => {
    const names = [ARABIC, MIXED, ETHIOPIC, VIETNAMESE];
    const pdf = await pageOf(await Promise.all(names.map((n) => prepareText(n, { size: 24 }))));
    const lines = await extractedLines(pdf);
    expect(lines).toEqual(['Names', ...names]);
  });

  it('puts the runs of a mixed name in visual order, each shaped in its own direction', async () => {
    const block = await prepareText(MIXED, { size: 24 });
    const [line] = block.lines;
    const words = line?.runs.filter((run) => run.text.trim() !== '');
    expect(words?.map((run) => [run.face.key, run.rtl, run.text.trim()])).toEqual([
      ['latin', false, 'Amal'],
      ['arabic', true, 'محمد'],
      ['latin', false, 'Al-Khatib'],
    ]);
    // A right-to-left base (the first strong letter is Arabic) puts the Latin word on the left.
    const rtl = await prepareText('محمد Ali', { size: 24 });
    const rtlWords = rtl.lines[0]?.runs.map((run) => run.text.trim()).filter(Boolean);
    expect(rtlWords).toEqual(['Ali', 'محمد']);
  });

  it('embeds only a subset of each face used, with the glyphs drawn', async () => {
    const pdf = await pageOf([
      await prepareText(ARABIC, { size: 24 }),
      await prepareText(ETHIOPIC, { size: 24 }),
    ]);
    const { fonts, standardFonts } = await inspectPdf(pdf);
    expect(standardFonts).toEqual(['Helvetica']);
    expect([...fonts.values()].map((f) => f.baseFont)).toEqual([
      expect.stringMatching(/^[A-Z]{6}\+NotoSansArabic/),
      expect.stringMatching(/^[A-Z]{6}\+NotoSansEthiopic/),
    ]);
    for (const font of fonts.values()) expect(font.program.numGlyphs).toBeLessThan(40);
    expect(pdf.length).toBeLessThan(20 * 1024);
  });

  it('wraps long texts at spaces within the width, in logical order', async () => {
    const text =
      'أتمّ بنجاح برنامج الشهادة المهنية في العمل الصحي المجتمعي وهو برنامج من أربع عشرة وحدة';
    const block = await prepareText(text, { size: 12, maxWidth: 200 });
    expect(block.lines.length).toBeGreaterThan(1);
    for (const line of block.lines) expect(line.width).toBeLessThanOrEqual(200);
    expect(block.lines.map((line) => line.text).join(' ')).toBe(text);
    expect(block.height).toBeCloseTo(block.lineHeight * block.lines.length);
  });

  it('names the characters none of its faces has', async () => {
    expect(await unprintableCharacters(`${ARABIC} ${ETHIOPIC} ${VIETNAMESE}`)).toEqual([]);
    expect(await unprintableCharacters('王 Ali')).toEqual(['王']);
  });
});
