import { createElement as h, type ReactElement } from 'react';
import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { DocumentProps } from '@react-pdf/renderer';

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
  qrDataUrl: string;
  logo: PdfImage | null;
  signature: PdfImage | null;
};

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
  signLine: { width: 200, borderTopWidth: 0.75, borderTopColor: INK, marginTop: 2, paddingTop: 4 },
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

function Certificate({ c }: { c: CertificateContent }): ReactElement {
  const signee = [
    c.signature
      ? h(Image, { key: 'img', style: styles.signature, src: c.signature })
      : h(View, { key: 'img', style: styles.signatureSpace }),
    h(
      View,
      { key: 'line', style: styles.signLine },
      c.signeeName ? h(Text, { style: styles.signName }, c.signeeName) : null,
      c.signeeTitle ? h(Text, { style: styles.signTitle }, c.signeeTitle) : null,
      h(Text, { style: styles.signTitle }, c.clcName),
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
        h(Text, { style: styles.programme }, c.programmeTitle),
        h(
          View,
          { style: styles.body },
          h(Text, { style: styles.certify }, 'This is to certify that'),
          h(Text, { style: [styles.name, { fontSize: nameSize(c.studentName) }] }, c.studentName),
          h(View, { style: styles.rule }),
          h(Text, { style: styles.text }, c.certificateText),
          h(
            Text,
            { style: styles.university },
            'Certified by ',
            h(Text, { style: styles.universityName }, c.certifyingUniversity),
          ),
          h(Text, { style: styles.clc }, `in partnership with ${c.clcName}`),
        ),
        h(
          View,
          { style: styles.footer },
          h(View, { style: styles.signBlock }, ...signee),
          h(View, { style: styles.issued }, h(Text, { style: styles.issuedText }, c.issuedOnText)),
          h(
            View,
            { style: styles.verifyBlock },
            h(Image, { style: styles.qr, src: c.qrDataUrl }),
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
