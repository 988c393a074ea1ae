import type { FastifyInstance, FastifyRequest } from 'fastify';
import jwt from '@fastify/jwt';
import { rightLabel } from '@lantern/contracts/labels';
import type { Right } from '@lantern/contracts/rights';
import { SWITCH_USER_PARAM, ACCESS_TOKEN_TTL_SECONDS } from '@lantern/contracts/constants';
import type { Db } from '@lantern/db/client';
import { audit } from '../lib/audit';
import { assertCanImpersonate } from '../lib/grants';
import { API_TOKEN_RIGHTS, findLiveApiToken, looksLikeApiToken } from '../lib/api-tokens';
import { AppError } from '../lib/errors';
import { loadPrincipalByUsername, loadSessionPrincipal } from './principal';
import type { AuthContext } from '../lib/auth-context';

/** What a route needs: nothing, any signed-in user, or one right. Every route declares one. */
export type Access = 'public' | 'signedIn' | { right: Right };

export type { AuthContext } from '../lib/auth-context';

export type AccessTokenPayload = { sub: number; sid: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenPayload;
    user: AccessTokenPayload;
  }
}

/** The auth context of a route that declared `signedIn` or a right; it is always set there. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in.');
  return request.auth;
}

const unauthenticated = () =>
  new AppError(401, 'UNAUTHENTICATED', 'Your session has ended. Please sign in again.');

export const missingRight = (right: string) =>
  new AppError(403, 'MISSING_RIGHT', `You need the right “${rightLabel(right)}” for this.`, {
    missingRight: right,
  });

/** Routes of the API documentation viewer, public by their nature. */
export const DOCS_PREFIX = '/api/docs';
/** The one route of the static file plugin, which serves the public SPA files. */
const STATIC_ROUTE = '/*';

export async function registerAuth(
  app: FastifyInstance,
  options: { db: Db; secret: string },
): Promise<void> {
  await app.register(jwt, {
    secret: options.secret,
    sign: { expiresIn: ACCESS_TOKEN_TTL_SECONDS },
  });
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: Access };
    if (route.url.startsWith(DOCS_PREFIX) && !config.access) {
      route.config = { ...config, access: 'public' };
      return;
    }
    if (!config.access && route.url !== STATIC_ROUTE) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access (public, signedIn or a right).`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    request.auth = await authenticate(request, options.db);
    if (request.auth.apiTokenId !== undefined) {
      // A token is for the integration API only: any other route, even one every signed-in
      // user may open, refuses it.
      if (typeof access !== 'object' || !API_TOKEN_RIGHTS.has(access.right))
        throw new AppError(
          403,
          'FORBIDDEN',
          'An API token opens the integration API only. Sign in to use this.',
        );
    }
    if (typeof access === 'object' && !request.auth.rights.has(access.right))
      throw missingRight(access.right);
  });
}

async function authenticate(request: FastifyRequest, db: Db): Promise<AuthContext> {
  if (!request.headers.authorization?.startsWith('Bearer ')) throw unauthenticated();
  const bearer = request.headers.authorization.slice('Bearer '.length).trim();
  if (looksLikeApiToken(bearer)) return authenticateApiToken(request, db, bearer);
  let payload: AccessTokenPayload;
  try {
    payload = await request.jwtVerify<AccessTokenPayload>();
  } catch {
    throw unauthenticated();
  }
  if (typeof payload.sub !== 'number' || typeof payload.sid !== 'string') throw unauthenticated();
  const real = await loadSessionPrincipal(db, payload.sid, payload.sub);
  if (!real || real.revoked) throw unauthenticated();
  if (real.status === 'locked')
    throw new AppError(401, 'LOCKED', 'This account is locked. Please contact the helpdesk.');

  const switchUser = readSwitchUser(request);
  const base = {
    sessionId: payload.sid,
    realUser: real,
    ip: request.ip,
  };
  if (!switchUser || switchUser.toLowerCase() === real.username.toLowerCase()) {
    const narrowed = (real.sessionClcIds ?? []).filter((id) => real.allClcIds.includes(id));
    return {
      ...base,
      user: real,
      impersonating: false,
      rights: new Set(real.rights),
      clcIds: narrowed.length ? narrowed : real.allClcIds,
      clcNarrowed: narrowed.length > 0,
    };
  }

  assertCanImpersonate(real);
  const target = await loadPrincipalByUsername(db, switchUser, null);
  if (!target)
    throw new AppError(403, 'IMPERSONATION_DENIED', `There is no user "${switchUser}" to act as.`);
  const chosenRole = real.switchUserId === target.jwlId ? real.switchRoleKey : null;
  const acting =
    chosenRole && chosenRole !== target.roleKey
      ? ((await loadPrincipalByUsername(db, switchUser, chosenRole)) ?? target)
      : target;
  if (acting.systemRole === 'superAdmin' || acting.roleKeys.includes('SUPER_ADMIN')) {
    throw new AppError(403, 'IMPERSONATION_DENIED', 'A super admin cannot be impersonated.');
  }
  if (acting.status === 'locked') {
    throw new AppError(403, 'IMPERSONATION_DENIED', 'A locked account cannot be impersonated.');
  }
  const auth: AuthContext = {
    ...base,
    user: acting,
    impersonating: true,
    rights: new Set(acting.rights),
    clcIds: acting.allClcIds,
    clcNarrowed: false,
  };
  // Every impersonated request is on record with both users.
  await audit(db, auth, {
    action: 'impersonation.request',
    entityType: 'request',
    changes: {
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0],
    },
  });
  return auth;
}

/**
 * A request with an integration token acts as the token's user, with their rights read fresh
 * (in the API_USER role when they hold it). No impersonation, no session.
 */
async function authenticateApiToken(
  request: FastifyRequest,
  db: Db,
  bearer: string,
): Promise<AuthContext> {
  const token = await findLiveApiToken(db, bearer);
  if (!token)
    throw new AppError(401, 'UNAUTHENTICATED', 'This API token is unknown, revoked or expired.');
  const user = await loadPrincipalByUsername(db, token.username, 'API_USER');
  if (!user) throw unauthenticated();
  if (user.status === 'locked')
    throw new AppError(401, 'LOCKED', 'This account is locked. Please contact the helpdesk.');
  return {
    sessionId: `api-token:${String(token.id)}`,
    user,
    realUser: user,
    impersonating: false,
    rights: new Set(user.rights),
    clcIds: user.allClcIds,
    clcNarrowed: false,
    ip: request.ip,
    apiTokenId: token.id,
  };
}

function readSwitchUser(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.[SWITCH_USER_PARAM];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
