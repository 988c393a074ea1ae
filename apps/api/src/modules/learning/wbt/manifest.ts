import { XMLParser } from 'fast-xml-parser';
import type { WbtSco, WbtStandard } from '@lantern/contracts/wbt';

/**
 * Reads a SCORM `imsmanifest.xml` (decision 0020 §2.2): the standard from `schemaversion`, the
 * SCOs reachable from the default organisation in organisation order, what the manifest gives
 * each SCO at launch (its `cmi` values, below), and whether it carries SCORM 2004 sequencing
 * (played as a flat list, with a warning). Entities are never expanded.
 */

/**
 * A SCO as stored in `wbt_packages.scos`: with `cmi`, the values the manifest gives it at
 * launch, by element name (SCORM 1.2 `adlcp:masteryscore`, `datafromlms`, `maxtimeallowed`,
 * `timelimitaction`; SCORM 2004 objectives, the primary objective's pass mark, `dataFromLMS`,
 * `completionThreshold`, `timeLimitAction` and the attempt's time limit). Absent in packages
 * stored before the manifest was read for them, and never sent to the web (`publicSco`).
 */
export type StoredSco = WbtSco & { cmi?: Record<string, string> };

/** A stored SCO as the API shows it: without the values only the player needs. */
export function publicSco(sco: StoredSco): WbtSco {
  return {
    index: sco.index,
    identifier: sco.identifier,
    title: sco.title,
    href: sco.href,
    parameters: sco.parameters,
  };
}

/**
 * A launch's values per SCO index: what was stored for the attempt, with what the manifest gives
 * each SCO on top (the manifest's are read-only to the SCO, so a stored copy never wins).
 */
export function launchCmi(
  scos: readonly StoredSco[],
  stored: Readonly<Record<string, Record<string, string>>>,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = { ...stored };
  for (const sco of scos)
    if (sco.cmi) out[String(sco.index)] = { ...stored[String(sco.index)], ...sco.cmi };
  return out;
}

export type Manifest = {
  standard: Exclude<WbtStandard, 'html'>;
  title: string;
  scos: StoredSco[];
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
  isArray: (name) =>
    ['organization', 'item', 'resource', 'file', 'objective', 'sequencing'].includes(name),
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

  const collection = new Map<string, Node>();
  for (const seq of asList(asNode(manifest.sequencingCollection)?.sequencing))
    collection.set(attr(seq, 'ID'), seq);
  const cmiOf = (item: Node): Record<string, string> | undefined => {
    const values = standard === 'scorm12' ? scorm12Values(item) : scorm2004Values(item, collection);
    return Object.keys(values).length > 0 ? values : undefined;
  };

  const scos: StoredSco[] = [];
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
        const cmi = cmiOf(item);
        scos.push({
          index: scos.length,
          identifier: attr(item, 'identifier') || ref,
          title: text(item.title) || ref,
          href: joinHref(manifestBase, resourcesBase, attr(resource, 'base'), path),
          parameters: joinParameters(query, attr(item, 'parameters')),
          ...(cmi ? { cmi } : {}),
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
          const cmi = cmiOf(item);
          scos.push({
            index: scos.length,
            identifier: attr(item, 'identifier'),
            title: text(item.title) || attr(item, 'identifier'),
            href: joinHref(manifestBase, resourcesBase, attr(resource, 'base'), path),
            parameters: joinParameters(query, attr(item, 'parameters')),
            ...(cmi ? { cmi } : {}),
          });
        }
        fallback(asList(item.item), depth + 1);
      }
    };
    fallback(asList(org.item), 0);
  }
  if (scos.length === 0)
    throw new ManifestRefusal('The manifest names no SCO in its default organisation.');
  const title =
    text(org?.title) ||
    text(asNode(manifest.metadata)?.title) ||
    lomTitle(asNode(manifest.metadata)) ||
    'Training';
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

/** The LOM title of the manifest's metadata (`lom/general/title`), when written inline. */
function lomTitle(metadata: Node | null): string {
  const title = asNode(asNode(asNode(metadata?.lom)?.general)?.title);
  // LOM 1.0 (SCORM 2004) writes `string`, IMS metadata 1.2 `langstring`.
  const strings = title?.string ?? title?.langstring;
  return text(Array.isArray(strings) ? strings[0] : strings);
}

// ---- what the manifest gives a SCO at launch ----

const DECIMAL = /^-?\d+(\.\d+)?$/;
const inRange = (v: string, min: number, max: number) =>
  DECIMAL.test(v) && Number(v) >= min && Number(v) <= max;
const TIME_LIMIT_ACTIONS = new Set([
  'exit,message',
  'exit,no message',
  'continue,message',
  'continue,no message',
]);
/** SCORM 1.2 CMITimespan. */
const TIMESPAN_12 = /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/;
/** ISO 8601 duration as SCORM 2004 writes it (`PT1H30M`). */
const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?)?$/;
/** scorm-again refuses longer launch data (SCORM 1.2: 4,096 characters; 2004: 4,000). */
const LAUNCH_DATA_MAX = { scorm12: 4096, scorm2004: 4000 } as const;

/**
 * SCORM 1.2 (CAM 2.3.2, `adlcp` extensions of an item): `masteryscore` → the mastery score the
 * runtime turns a raw score into passed or failed with; `datafromlms` → `cmi.launch_data`;
 * `maxtimeallowed` and `timelimitaction`. A value of the wrong shape is left out (the runtime
 * would refuse it), so the SCO reads the element as empty.
 */
function scorm12Values(item: Node): Record<string, string> {
  const out: Record<string, string> = {};
  const mastery = text(item.masteryscore);
  if (inRange(mastery, 0, 100)) out['cmi.student_data.mastery_score'] = mastery;
  const data = text(item.datafromlms);
  if (data && data.length <= LAUNCH_DATA_MAX.scorm12) out['cmi.launch_data'] = data;
  const max = text(item.maxtimeallowed);
  if (TIMESPAN_12.test(max)) out['cmi.student_data.max_time_allowed'] = max;
  const action = text(item.timelimitaction)
    .toLowerCase()
    .replace(/\s*,\s*/, ',');
  if (TIME_LIMIT_ACTIONS.has(action)) out['cmi.student_data.time_limit_action'] = action;
  return out;
}

/**
 * SCORM 2004 (CAM 4th edition): the objective ids of the item's `imsss:objectives` (the primary
 * objective first, when it has an id) → `cmi.objectives.n.id`; the primary objective's
 * `minNormalizedMeasure` (1.0 when absent) when it is `satisfiedByMeasure` →
 * `cmi.scaled_passing_score`; `adlcp:dataFromLMS` → `cmi.launch_data`;
 * `adlcp:completionThreshold` (3rd edition: its text; 4th: `minProgressMeasure`, 1.0 when
 * absent, when `completedByMeasure`) → `cmi.completion_threshold`; `adlcp:timeLimitAction`
 * → `cmi.time_limit_action`; `imsss:limitConditions@attemptAbsoluteDurationLimit` →
 * `cmi.max_time_allowed`. An item's sequencing that names a collection entry (`IDRef`) takes
 * what it does not say itself from that entry.
 */
function scorm2004Values(
  item: Node,
  collection: ReadonlyMap<string, Node>,
): Record<string, string> {
  const out: Record<string, string> = {};
  const own = asList(item.sequencing)[0] ?? null;
  const shared = own ? (collection.get(attr(own, 'IDRef')) ?? null) : null;
  const pick = (key: string): Node | null => asNode(own?.[key]) ?? asNode(shared?.[key]);

  const objectives = pick('objectives');
  const primary = asNode(objectives?.primaryObjective);
  const ids: string[] = [];
  for (const o of [...(primary ? [primary] : []), ...asList(objectives?.objective)]) {
    const id = attr(o, 'objectiveID');
    if (id && id.length <= 4000 && !ids.includes(id)) ids.push(id);
  }
  ids.slice(0, 100).forEach((id, n) => {
    out[`cmi.objectives.${n}.id`] = id;
  });
  if (primary && attr(primary, 'satisfiedByMeasure').toLowerCase() === 'true') {
    const measure = text(primary.minNormalizedMeasure) || '1.0';
    if (inRange(measure, -1, 1)) out['cmi.scaled_passing_score'] = measure;
  }

  const data = text(item.dataFromLMS);
  if (data && data.length <= LAUNCH_DATA_MAX.scorm2004) out['cmi.launch_data'] = data;
  const threshold = item.completionThreshold;
  const thresholdNode = asNode(threshold);
  const byMeasure = attr(thresholdNode, 'completedByMeasure').toLowerCase() === 'true';
  const value = byMeasure ? attr(thresholdNode, 'minProgressMeasure') || '1.0' : text(threshold);
  if (inRange(value, 0, 1)) out['cmi.completion_threshold'] = value;
  const action = text(item.timeLimitAction)
    .toLowerCase()
    .replace(/\s*,\s*/, ',');
  if (TIME_LIMIT_ACTIONS.has(action)) out['cmi.time_limit_action'] = action;
  const limit = attr(pick('limitConditions'), 'attemptAbsoluteDurationLimit');
  if (DURATION.test(limit)) out['cmi.max_time_allowed'] = limit;
  return out;
}
