import type { FastifyInstance } from 'fastify';
import type { Db } from '@lantern/db/client';
import {
  loadProgrammeInScope,
  programmeOfRequest,
  type ProgrammeRouteType,
} from '../lib/programme-scope';
import { authOf } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The programme type a programme-scoped route answers for (lib/programme-scope). */
    programme?: ProgrammeRouteType;
  }
}

/** A path that names one programme: `…/programme/{type}/:id…` or `…/:programmeType/:programmeId…`. */
export const PROGRAMME_SCOPED_PATH = /\/programme\/[^/:]+\/:id(\/|$)|\/:programmeId(\/|$)/;
/** The old shape `…/programme/:id/…`, which let one route answer for every type. */
const UNTYPED_PROGRAMME_PATH = /\/programme\/:id(\/|$)/;

/**
 * Every programme-scoped route declares its type, and every request to one passes
 * loadProgrammeInScope before its body is validated or its handler runs: an id of another type,
 * or out of the request's CLCs, is 404 whatever the route does.
 */
export function registerProgrammeScope(app: FastifyInstance, options: { db: Db }): void {
  app.addHook('onRoute', (route) => {
    const declared = route.config?.programme;
    const scoped = PROGRAMME_SCOPED_PATH.test(route.url);
    if (UNTYPED_PROGRAMME_PATH.test(route.url))
      throw new Error(
        `Route ${String(route.method)} ${route.url} names a programme without its type.`,
      );
    if (scoped && !declared)
      throw new Error(
        `Route ${String(route.method)} ${route.url} names a programme but declares no programme type.`,
      );
    if (declared && !scoped)
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares a programme type but names no programme.`,
      );
    const access = route.config?.access;
    if (declared && (access === 'public' || access === undefined))
      throw new Error(
        `Route ${String(route.method)} ${route.url} names a programme but is public.`,
      );
  });

  // After the right check (onRequest) and before body validation, so that the answer for an id
  // of another type does not depend on the body sent.
  app.addHook('preValidation', async (request) => {
    const declared = request.routeOptions.config.programme;
    if (!declared) return;
    const named = programmeOfRequest(declared, request.params as Record<string, unknown>);
    if (!named) return;
    await loadProgrammeInScope(options.db, authOf(request), named.id, named.type);
  });
}
