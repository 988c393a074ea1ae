import { XMLParser } from 'fast-xml-parser';
import type { WbtSco, WbtStandard } from '@lantern/contracts/wbt';

/**
 * Reads a SCORM `imsmanifest.xml` (decision 0020 §2.2): the standard from `schemaversion`, the
 * SCOs reachable from the default organisation in organisation order, and whether it carries
 * SCORM 2004 sequencing (played as a flat list, with a warning). Entities are never expanded.
 */

export type Manifest = {
  standard: Exclude<WbtStandard, 'html'>;
  title: string;
  scos: WbtSco[];
  sequencing: boolean;
};

export class ManifestRefusal extends Error {}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['organization', 'item', 'resource', 'file'].includes(name),
});

const asNode = (v: unknown): Node | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Node) : null;
const asList = (v: unknown): Node[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((x) => {
    const n = asNode(x);
    return n ? [n] : [];
  });
const text = (v: unknown): string => {
  if (typeof v === 'string') return v.trim();
  const n = asNode(v);
  if (n && typeof n['#text'] === 'string') return n['#text'].trim();
  return '';
};
const attr = (n: Node | null, name: string): string => {
  const v = n?.[`@${name}`];
  return typeof v === 'string' ? v.trim() : '';
};

/** Joins `xml:base` folders and an href as the zip names files (no leading `/`). */
export function joinHref(...parts: string[]): string {
  const joined = parts.filter((p) => p !== '').join('/');
  const out: string[] = [];
  for (const seg of joined.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

function hasKey(node: unknown, key: string, depth = 0): boolean {
  if (depth > 64) return false;
  if (Array.isArray(node)) return node.some((x) => hasKey(x, key, depth + 1));
  const n = asNode(node);
  if (!n) return false;
  return Object.entries(n).some(([k, v]) => k === key || hasKey(v, key, depth + 1));
}

/** Parses the manifest or throws a ManifestRefusal with §2.2's sentence. */
export function parseManifest(xml: string): Manifest {
  let doc: Node;
  try {
    // Validated while parsing; the parser's error ends with `:line:column`. The validator's
    // successor (fast-xml-validator) is not in the registry we install from, so 5.x's own is used.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- see the line above
    doc = parser.parse(xml, true) as Node;
  } catch (error) {
    const message = error instanceof Error ? error.message : 'unknown reason';
    const at = /^([\s\S]*?)\.?:(\d+):(\d+)$/.exec(message);
    throw new ManifestRefusal(
      at
        ? `The manifest could not be read: line ${at[2] ?? '?'}, ${at[1] ?? ''}.`
        : `The manifest could not be read: ${message.replace(/\.$/, '')}.`,
    );
  }
  const manifest = asNode(doc.manifest);
  if (!manifest) throw new ManifestRefusal('This manifest is neither SCORM 1.2 nor SCORM 2004.');
  const version = text(asNode(manifest.metadata)?.schemaversion).toLowerCase();
  const standard =
    version === '1.2'
      ? 'scorm12'
      : version.startsWith('2004') || version === 'cam 1.3'
        ? 'scorm2004'
        : null;
  if (!standard) throw new ManifestRefusal('This manifest is neither SCORM 1.2 nor SCORM 2004.');

  const manifestBase = attr(manifest, 'base');
  const resourcesNode = asNode(manifest.resources);
  const resourcesBase = attr(resourcesNode, 'base');
  const resources = new Map<string, Node>();
  for (const r of asList(resourcesNode?.resource)) resources.set(attr(r, 'identifier'), r);

  const orgsNode = asNode(manifest.organizations);
  const orgs = asList(orgsNode?.organization);
  const wanted = attr(orgsNode, 'default');
  const org = orgs.find((o) => attr(o, 'identifier') === wanted) ?? orgs[0] ?? null;

  const scos: WbtSco[] = [];
  const visit = (items: Node[], depth: number) => {
    if (depth > 32) return;
    for (const item of items) {
      const ref = attr(item, 'identifierref');
      const resource = ref ? resources.get(ref) : undefined;
      const type = (attr(resource ?? null, 'scormtype') || attr(resource ?? null, 'scormType'))
        .toLowerCase()
        .trim();
      const href = attr(resource ?? null, 'href');
      if (resource && type === 'sco' && href) {
        const [path, query] = splitHref(href);
        scos.push({
          index: scos.length,
          identifier: attr(item, 'identifier') || ref,
          title: text(item.title) || ref,
          href: joinHref(manifestBase, resourcesBase, attr(resource, 'base'), path),
          parameters: joinParameters(query, attr(item, 'parameters')),
        });
      }
      visit(asList(item.item), depth + 1);
    }
  };
  if (org) visit(asList(org.item), 0);
  // SCORM 1.2 packages without `scormtype` exist; an organisation pointing at web content with
  // an href is still playable, so an empty list falls back to the items' resources.
  if (scos.length === 0 && org && standard === 'scorm12') {
    const fallback = (items: Node[], depth: number) => {
      if (depth > 32) return;
      for (const item of items) {
        const resource = resources.get(attr(item, 'identifierref'));
        const href = attr(resource ?? null, 'href');
        if (resource && href && !attr(resource, 'scormtype')) {
          const [path, query] = splitHref(href);
          scos.push({
            index: scos.length,
            identifier: attr(item, 'identifier'),
            title: text(item.title) || attr(item, 'identifier'),
            href: joinHref(manifestBase, resourcesBase, attr(resource, 'base'), path),
            parameters: joinParameters(query, attr(item, 'parameters')),
          });
        }
        fallback(asList(item.item), depth + 1);
      }
    };
    fallback(asList(org.item), 0);
  }
  if (scos.length === 0)
    throw new ManifestRefusal('The manifest names no SCO in its default organisation.');
  const title = text(org?.title) || text(asNode(manifest.metadata)?.title) || 'Training';
  return {
    standard,
    title: title.slice(0, 300),
    scos,
    sequencing: standard === 'scorm2004' && hasKey(manifest, 'sequencing'),
  };
}

/** `a/b.html?x=1#y` → [`a/b.html`, `?x=1#y`]. */
export function splitHref(href: string): [string, string] {
  const at = href.search(/[?#]/);
  return at < 0 ? [href, ''] : [href.slice(0, at), href.slice(at)];
}

function joinParameters(fromHref: string, parameters: string): string {
  if (!parameters) return fromHref;
  if (!fromHref)
    return parameters.startsWith('?') || parameters.startsWith('#') ? parameters : `?${parameters}`;
  // The href already has a query: the item's parameters add to it (IMS CP's rule).
  return parameters.startsWith('?')
    ? `${fromHref}&${parameters.slice(1)}`
    : `${fromHref}${parameters}`;
}
