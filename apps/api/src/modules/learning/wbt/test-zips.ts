import { makeZip, type ZipEntry } from '../../../lib/zip';

/**
 * Training packages built in memory for the tests and the bench (decision 0020 §10): a small
 * SCORM 1.2 package, and bad ones. yazl refuses unsafe names, so a bad name is written as a
 * safe one of the same length and patched in the bytes afterwards.
 */

/** Every occurrence of a name replaced by another of the same byte length. */
export function patchName(zip: Buffer, from: string, to: string): Buffer {
  const a = Buffer.from(from);
  const b = Buffer.from(to);
  if (a.length !== b.length) throw new Error('patchName needs names of one length');
  const out = Buffer.from(zip);
  let at = out.indexOf(a);
  while (at >= 0) {
    b.copy(out, at);
    at = out.indexOf(a, at + b.length);
  }
  return out;
}

/** Marks every entry as encrypted (general purpose bit 0), as a password-protected zip is. */
export function markEncrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i += 1) {
    if (out[i] !== 0x50 || out[i + 1] !== 0x4b) continue;
    if (out[i + 2] === 3 && out[i + 3] === 4) out.writeUInt16LE(out.readUInt16LE(i + 6) | 1, i + 6);
    if (out[i + 2] === 1 && out[i + 3] === 2) out.writeUInt16LE(out.readUInt16LE(i + 8) | 1, i + 8);
  }
  return out;
}

/** Makes the central directory declare a smaller uncompressed size than an entry has. */
export function lieAboutSize(zip: Buffer, name: string, declared: number): Buffer {
  const out = Buffer.from(zip);
  const wanted = Buffer.from(name);
  for (let i = 0; i + 46 <= out.length; i += 1) {
    if (out.readUInt32LE(i) !== 0x02014b50) continue;
    const nameLength = out.readUInt16LE(i + 28);
    if (out.subarray(i + 46, i + 46 + nameLength).equals(wanted))
      out.writeUInt32LE(declared, i + 24);
  }
  for (let i = 0; i + 30 <= out.length; i += 1) {
    if (out.readUInt32LE(i) !== 0x04034b50) continue;
    const nameLength = out.readUInt16LE(i + 26);
    if (out.subarray(i + 30, i + 30 + nameLength).equals(wanted))
      out.writeUInt32LE(declared, i + 22);
  }
  return out;
}

export const scorm12Manifest = (
  scos: { id: string; href: string; title?: string; item?: string }[],
  extra = '',
): string => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="lantern-test" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="ORG">
    <organization identifier="ORG">
      <title>Safety basics</title>
      ${scos.map((s) => `<item identifier="I_${s.id}" identifierref="R_${s.id}"><title>${s.title ?? s.id}</title>${s.item ?? ''}</item>`).join('\n      ')}
    </organization>
  </organizations>
  <resources>
    ${scos.map((s) => `<resource identifier="R_${s.id}" type="webcontent" adlcp:scormtype="sco" href="${s.href}"><file href="${s.href}"/></resource>`).join('\n    ')}
  </resources>
  ${extra}
</manifest>`;

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><script src="sco.js"></script></head><body><h1>${title}</h1></body></html>`;

/** A SCORM 1.2 package of `scoCount` SCOs (step1.html …), with a script and a picture. */
export async function scorm12Package(scoCount = 1, folder = ''): Promise<Buffer> {
  const scos = Array.from({ length: scoCount }, (_, i) => ({
    id: `S${i + 1}`,
    href: `step${i + 1}.html`,
    title: `Step ${i + 1}`,
  }));
  return makeZip([
    { name: `${folder}imsmanifest.xml`, data: scorm12Manifest(scos) },
    ...scos.map((s) => ({ name: `${folder}${s.href}`, data: page(s.title) })),
    { name: `${folder}sco.js`, data: 'window.lanternTest = true;' },
    {
      name: `${folder}media/pixel.png`,
      data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    },
  ]);
}

/**
 * A one-SCO SCORM 2004 (4th edition) manifest of the shape Rustici's "Golf Explained" samples
 * and Storyline exports write: a primary objective `PRIMARYOBJ` (satisfied by measure with
 * `passMark`, unless `byMeasure` is false), further objectives, `item` XML inside the item and
 * `limit` XML inside its sequencing; or the item's sequencing naming a collection entry.
 */
export const scorm2004Manifest = (o: {
  passMark: string | null;
  byMeasure?: boolean;
  objectives: string[];
  item?: string;
  limit?: string;
  sequencingRef?: string;
  collection?: string;
  href?: string;
  title?: string;
}): string => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="lantern-test-2004" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="ORG">
    <organization identifier="ORG">
      <title>${o.title ?? 'Golf explained'}</title>
      <item identifier="I_SCO" identifierref="R_SCO">
        <title>Golf quiz</title>
        ${o.item ?? ''}
        ${
          o.sequencingRef
            ? `<imsss:sequencing IDRef="${o.sequencingRef}" />`
            : `<imsss:sequencing>
          ${o.limit ?? ''}
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="PRIMARYOBJ" satisfiedByMeasure="${o.byMeasure === false ? 'false' : 'true'}">
              ${o.passMark === null ? '' : `<imsss:minNormalizedMeasure>${o.passMark}</imsss:minNormalizedMeasure>`}
            </imsss:primaryObjective>
            ${o.objectives.map((id) => `<imsss:objective objectiveID="${id}" />`).join('\n            ')}
          </imsss:objectives>
        </imsss:sequencing>`
        }
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="R_SCO" type="webcontent" adlcp:scormType="sco" href="${o.href ?? 'shared/launchpage.html'}">
      <file href="${o.href ?? 'shared/launchpage.html'}" />
    </resource>
  </resources>
  ${o.collection ?? ''}
</manifest>`;

/**
 * A SCORM 1.2 package zipped by macOS Finder ("Compress"), to its exact shape: the folder itself
 * at the top, names decomposed (NFD: "é" as "e" + U+0301), a folder entry per folder, and beside
 * it `__MACOSX/` with a `._` resource fork of every file, and a `.DS_Store` in the folder.
 */
export async function finderZip(): Promise<Buffer> {
  const nfd = (s: string) => s.normalize('NFD');
  const top = 'Sécurité';
  const files: ZipEntry[] = [
    {
      name: nfd(`${top}/imsmanifest.xml`),
      data: scorm12Manifest([{ id: 'L', href: 'leçon.html', title: 'Leçon' }]).replace(
        '<title>Safety basics</title>',
        '<title>Sécurité routière</title>',
      ),
    },
    {
      name: nfd(`${top}/leçon.html`),
      data: '<!doctype html><title>Leçon</title><img src="média/carte.png">',
    },
    { name: nfd(`${top}/média/carte.png`), data: Buffer.from('89504e470d0a1a0a', 'hex') },
    { name: nfd(`${top}/.DS_Store`), data: Buffer.from('00000001426475310000', 'hex') },
  ];
  // Finder's AppleDouble resource forks: a small binary header per file.
  const forks: ZipEntry[] = files.map((f) => {
    const parts = f.name.split('/');
    const last = parts.pop() ?? '';
    return {
      name: `__MACOSX/${[...parts, `._${last}`].join('/')}`,
      data: Buffer.from('0005160700020000', 'hex'),
    };
  });
  return makeZip([...files, ...forks]);
}
