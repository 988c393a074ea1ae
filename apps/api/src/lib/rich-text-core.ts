import { createRequire } from 'node:module';
import createDOMPurify, { type Config } from 'dompurify';

/** jsdom ships no types here and the API has no DOM library: the little the hook touches. */
type HookNode = {
  nodeName: string;
  getAttribute: (name: string) => string | null;
  setAttribute: (name: string, value: string) => void;
  removeAttribute: (name: string) => void;
  remove: () => void;
};
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: unknown };
};

/**
 * The one allow-list of stored rich text (decision 0019, "Rich text"): structure, emphasis,
 * quotes, code, tables, links and course images. No style, no classes, no event attributes, no
 * forms, frames or media: the CSP is the second wall, this is the first. Used by the sanitiser
 * thread (rich-text-worker) and, in tests, directly.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'blockquote',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'img',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan'];

/** http(s), mailto and in-app paths ("/en/…"), never protocol-relative ("//host"). */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;
/** A course document shown inline; the server makes it a signed link when it is read. */
export const FILE_IMAGE =
  /^lantern-file:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Our own checks below decide which addresses stay; DOMPurify's default would keep data: images.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|lantern-file:|\/)/i,
  // Plain numbers, which the address rule above would otherwise strip.
  ADD_URI_SAFE_ATTR: ['colspan', 'rowspan'],
  KEEP_CONTENT: true,
};

export type Sanitiser = (html: string) => string;

export function createSanitiser(): Sanitiser {
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', (element) => {
    const node = element as unknown as HookNode;
    if (node.nodeName === 'A') {
      node.removeAttribute('target');
      node.removeAttribute('rel');
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_HREF.test(href)) node.removeAttribute('href');
      else if (/^https?:/i.test(href)) {
        // Links to other sites open apart from the app and learn nothing of it.
        node.setAttribute('rel', 'noopener noreferrer');
        node.setAttribute('target', '_blank');
      }
    }
    if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!FILE_IMAGE.test(src)) node.remove();
    }
  });
  // target and rel are set by the hook only; an author's own are dropped by the allow-list.
  purify.setConfig({ ...CONFIG, ADD_ATTR: ['target', 'rel'] });
  return (html: string) => {
    if (html.trim() === '') return '';
    const clean = purify.sanitize(html);
    return clean.trim();
  };
}
