import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  TEXT_FAULT_FIELD_MESSAGE,
  fieldLabel,
  textFault,
  textFaultDetail,
} from '@lantern/contracts/text';
import { badRequest } from '../lib/errors';

/** No form or filter the app sends nests this deep; a deeper body is refused before any work. */
export const MAX_BODY_DEPTH = 32;

type Path = (string | number)[];

/** The nearest named segment of a path, as a label: `data.roles.2` → "roles". */
function labelOf(path: Path, fallback: string): string {
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const segment = path[i];
    if (typeof segment === 'string') return fieldLabel(segment);
  }
  return fallback;
}

/**
 * Walks every text in one part of the request (its keys too) without recursion, so a body
 * nested thousands of levels deep is refused rather than overflowing the stack.
 */
function checkTexts(
  root: unknown,
  options: { multiline: boolean; maxDepth: number; fallback: string },
): void {
  const stack: { value: unknown; path: Path }[] = [{ value: root, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      const fault = textFault(value, options);
      if (fault) {
        const key = path.join('.') || options.fallback;
        throw badRequest(textFaultDetail(labelOf(path, options.fallback), fault), {
          [key]: TEXT_FAULT_FIELD_MESSAGE,
        });
      }
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    if (path.length >= options.maxDepth)
      throw badRequest(`The request is nested more than ${options.maxDepth} levels deep.`);
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i] as [string | number, unknown];
      if (typeof key === 'string') {
        const fault = textFault(key, { multiline: false });
        if (fault) throw badRequest(textFaultDetail('request', fault));
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
}

/** Refuses a request whose address, query or body holds a character no text may hold. */
export function checkRequestTexts(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>) {
  checkTexts(request.params, { multiline: false, maxDepth: 2, fallback: 'address' });
  checkTexts(request.query, { multiline: false, maxDepth: 3, fallback: 'search' });
  checkTexts(request.body, { multiline: true, maxDepth: MAX_BODY_DEPTH, fallback: 'request' });
}

/**
 * One place for the rule of decision 0016: every route's params, query and body are checked
 * before its schema runs, so no route can forget it and the database never sees such a text.
 * Registered after the body parsing hook (hooks run in order), so forms are already flattened.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    checkRequestTexts(request);
  });
}
