import { createElement as h, type ReactElement } from 'react';
import { Document, Image, Page, Path, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { DocumentProps, Styles } from '@react-pdf/renderer';

type Style = Styles[string];
import { TextBlockCanvas, type TextBlock, type TextOptions } from '../../lib/pdf-text';

/** An image ready for the PDF: JPEG is embedded as is, PNG keeps its transparency. */
export type PdfImage = { data: Buffer; format: 'png' | 'jpg' };

/** Everything one certificate page shows (the snapshot, the CLC's images, the QR code). */
export type CertificateContent = {
  studentName: string;
  programmeTitle: string;
  certificateText: string;
  certifyingUniversity: string;
  clcName: string;
  signeeName: string | null;
  signeeTitle: string | null;
  /** 'Issued on 30 November 2025', already in UTC (spec §9). */
  issuedOnText: string;
  code: string;
  verifyUrl: string;
  /** The QR code of `verifyUrl`, a PNG data URL. */
  /** The verification address's QR code as vector (`qrPath`). */
  qr: { size: number; d: string };
  logo: PdfImage | null;
  signature: PdfImage | null;
  /**
   * Texts the built-in fonts cannot print, shaped beforehand and drawn in the embedded Noto
   * faces (lib/pdf-text); a text not here is printable in its built-in font.
   */
  shaped: Partial<Record<ShapedSlot, TextBlock>>;
};

/** The places on the page where a snapshot's text is printed (the CLC's name is in two). */
export type ShapedSlot =
  | 'programmeTitle'
  | 'studentName'
  | 'certificateText'
  | 'certifyingUniversity'
  | 'clcPartner'
  | 'signeeName'
  | 'signeeTitle'
  | 'clcSign';

/** Widest line of the inner frame (A4 landscape less margins, borders and padding). */
const INNER_WIDTH = 660;

const INK = '#1f2933';
const ACCENT = '#1c4e80';
const MUTED = '#52606d';

// The built-in PDF fonts (Helvetica, Times) are never embedded, which keeps a page to a few KB.
const styles = StyleSheet.create({
  page: { padding: 28, fontFamily: 'Helvetica', color: INK, backgroundColor: '#ffffff' },
  frame: {
    flexGrow: 1,
    borderWidth: 3,
    borderColor: ACCENT,
    padding: 4,
  },
  inner: {
    flexGrow: 1,
    borderWidth: 0.75,
    borderColor: ACCENT,
    paddingTop: 26,
    paddingBottom: 18,
    paddingHorizontal: 48,
    alignItems: 'center',
  },
  logo: { height: 58, maxWidth: 180, objectFit: 'contain', marginBottom: 10 },
  logoSpace: { height: 20 },
  kicker: { fontSize: 11, letterSpacing: 3, color: MUTED, marginBottom: 6 },
  programme: {
    fontFamily: 'Times-Bold',
    fontSize: 26,
    color: ACCENT,
    textAlign: 'center',
    marginBottom: 4,
  },
  certify: { fontSize: 12, color: MUTED, marginBottom: 8 },
  name: { fontFamily: 'Times-BoldItalic', textAlign: 'center', marginBottom: 6 },
  rule: { width: 320, borderBottomWidth: 0.75, borderBottomColor: MUTED, marginBottom: 12 },
  text: { fontSize: 13, lineHeight: 1.4, textAlign: 'center', maxWidth: 600, marginBottom: 14 },
  university: { fontSize: 12, textAlign: 'center' },
  universityName: { fontFamily: 'Helvetica-Bold' },
  clc: { fontSize: 11, color: MUTED, textAlign: 'center', marginTop: 3 },
  body: { flexGrow: 1, alignItems: 'center', justifyContent: 'center', paddingBottom: 10 },
  footer: { flexDirection: 'row', alignItems: 'flex-end', width: '100%' },
  signBlock: { width: 230, alignItems: 'center' },
  signature: { height: 46, maxWidth: 200, objectFit: 'contain' },
  signatureSpace: { height: 46 },
  signLine: {
    width: 200,
    borderTopWidth: 0.75,
    borderTopColor: INK,
    marginTop: 2,
    paddingTop: 4,
    alignItems: 'center',
  },
  row: { flexDirection: 'row', alignItems: 'center', justifyContent: 'center' },
  signName: { fontSize: 11, fontFamily: 'Helvetica-Bold', textAlign: 'center' },
  signTitle: { fontSize: 9.5, color: MUTED, textAlign: 'center', marginTop: 1 },
  issued: { flexGrow: 1, alignItems: 'center', paddingBottom: 4 },
  issuedText: { fontSize: 11.5 },
  verifyBlock: { width: 230, flexDirection: 'row', alignItems: 'flex-end' },
  qr: { width: 70, height: 70 },
  verifyText: { marginLeft: 8, flexShrink: 1, paddingBottom: 2 },
  verifyLabel: { fontSize: 8, color: MUTED },
  code: { fontSize: 12, fontFamily: 'Courier-Bold', marginTop: 2, marginBottom: 2 },
  url: { fontSize: 6.5, color: MUTED },
});

/** Long names get a smaller size, so that every name stays on one or two lines. */
const nameSize = (name: string): number => (name.length > 48 ? 22 : name.length > 32 ? 27 : 34);

/**
 * Size, line width and colour of each slot's text when drawn in the embedded faces: the
 * sizes of the built-in fonts they stand in for, a little smaller where Noto Sans runs wider
 * than Times.
 */
export function slotText(slot: ShapedSlot, text: string): TextOptions & { color: string } {
  switch (slot) {
    case 'programmeTitle':
      return { size: 23, maxWidth: INNER_WIDTH, lineHeight: 0.9, color: ACCENT };
    case 'studentName':
      return { size: nameSize(text) - 4, maxWidth: INNER_WIDTH, lineHeight: 0.9, color: INK };
    case 'certificateText':
      return { size: 12, maxWidth: 600, lineHeight: 0.95, color: INK };
    case 'certifyingUniversity':
      return { size: 11.5, maxWidth: 520, color: INK };
    case 'clcPartner':
      return { size: 10.5, maxWidth: 520, color: MUTED };
    case 'signeeName':
      return { size: 10.5, maxWidth: 200, color: INK };
    case 'signeeTitle':
    case 'clcSign':
      return { size: 9, maxWidth: 200, color: MUTED };
  }
}

/** A slot's text: the shaped block when there is one, else the text in its built-in font. */
function slot(
  c: CertificateContent,
  name: ShapedSlot,
  text: string,
  style: Style | Style[],
  margin: Style = {},
): ReactElement {
  const block = c.shaped[name];
  return block
    ? h(TextBlockCanvas, { block, color: slotText(name, text).color, style: margin })
    : h(Text, { style }, text);
}

function Certificate({ c }: { c: CertificateContent }): ReactElement {
  const signee = [
    c.signature
      ? h(Image, { key: 'img', style: styles.signature, src: c.signature })
      : h(View, { key: 'img', style: styles.signatureSpace }),
    h(
      View,
      { key: 'line', style: styles.signLine },
      c.signeeName ? slot(c, 'signeeName', c.signeeName, styles.signName) : null,
      c.signeeTitle
        ? slot(c, 'signeeTitle', c.signeeTitle, styles.signTitle, { marginTop: 1 })
        : null,
      slot(c, 'clcSign', c.clcName, styles.signTitle, { marginTop: 1 }),
    ),
  ];
  return h(
    Page,
    { size: 'A4', orientation: 'landscape', style: styles.page },
    h(
      View,
      { style: styles.frame },
      h(
        View,
        { style: styles.inner },
        c.logo
          ? h(Image, { style: styles.logo, src: c.logo })
          : h(View, { style: styles.logoSpace }),
        h(Text, { style: styles.kicker }, 'CERTIFICATE OF COMPLETION'),
        slot(c, 'programmeTitle', c.programmeTitle, styles.programme, { marginBottom: 4 }),
        h(
          View,
          { style: styles.body },
          h(Text, { style: styles.certify }, 'This is to certify that'),
          slot(
            c,
            'studentName',
            c.studentName,
            [styles.name, { fontSize: nameSize(c.studentName) }],
            { marginBottom: 6 },
          ),
          h(View, { style: styles.rule }),
          slot(c, 'certificateText', c.certificateText, styles.text, { marginBottom: 14 }),
          c.shaped.certifyingUniversity
            ? h(
                View,
                { style: styles.row },
                h(Text, { style: styles.university }, 'Certified by '),
                slot(c, 'certifyingUniversity', c.certifyingUniversity, styles.university, {
                  marginLeft: 3,
                }),
              )
            : h(
                Text,
                { style: styles.university },
                'Certified by ',
                h(Text, { style: styles.universityName }, c.certifyingUniversity),
              ),
          c.shaped.clcPartner
            ? h(
                View,
                { style: [styles.row, { marginTop: 3 }] },
                h(Text, { style: styles.clc }, 'in partnership with '),
                slot(c, 'clcPartner', c.clcName, styles.clc, { marginLeft: 3 }),
              )
            : h(Text, { style: styles.clc }, `in partnership with ${c.clcName}`),
        ),
        h(
          View,
          { style: styles.footer },
          h(View, { style: styles.signBlock }, ...signee),
          h(View, { style: styles.issued }, h(Text, { style: styles.issuedText }, c.issuedOnText)),
          h(
            View,
            { style: styles.verifyBlock },
            h(
              Svg,
              { style: styles.qr, viewBox: `0 0 ${String(c.qr.size)} ${String(c.qr.size)}` },
              h(Path, { d: c.qr.d, fill: '#000000' }),
            ),
            h(
              View,
              { style: styles.verifyText },
              h(Text, { style: styles.verifyLabel }, 'Verification code'),
              h(Text, { style: styles.code }, c.code),
              h(Text, { style: styles.url }, c.verifyUrl),
            ),
          ),
        ),
      ),
    ),
  );
}

/** One certificate as a PDF document of one A4 landscape page. */
export function certificateDocument(c: CertificateContent): ReactElement<DocumentProps> {
  return h(
    Document,
    {
      title: `${c.programmeTitle} — ${c.studentName}`,
      author: c.certifyingUniversity,
      subject: `Certificate ${c.code}`,
      creator: 'Lantern',
      producer: 'Lantern',
    },
    h(Certificate, { c }),
  );
}
