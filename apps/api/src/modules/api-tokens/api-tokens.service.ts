import type { z } from 'zod';
import type {
  ApiToken,
  apiTokenInputSchema,
  apiTokenQuerySchema,
  apiTokenUserQuerySchema,
} from '@lantern/contracts/bachelor-integration';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { audit } from '../../lib/audit';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import * as repo from './api-tokens.repository';
import { newApiToken } from '../../lib/api-tokens';
import { grantsFor, loadGrantTarget } from '../../lib/grants';

type Input = z.output<typeof apiTokenInputSchema>;
type Query = z.output<typeof apiTokenQuerySchema>;
type UserQuery = z.output<typeof apiTokenUserQuerySchema>;

type Row = repo.TokenRow;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const toToken = (r: Row): ApiToken => ({
  id: r.id,
  userId: r.user_id,
  userName: r.user_name,
  username: r.username,
  name: r.name,
  prefix: r.prefix,
  createdAt: new Date(r.created_at).toISOString(),
  createdByName: r.created_by_name,
  expiresAt: iso(r.expires_at),
  lastUsedAt: iso(r.last_used_at),
  revokedAt: iso(r.revoked_at),
  state: r.state,
});

/** The tokens (never their secret): search by name, prefix or user; filter by user and state. */
export async function listTokens(deps: Deps, query: Query) {
  const { items, total } = await repo.findTokenRows(deps.db, query);
  return { items: items.map(toToken), total, page: query.page, limit: query.limit };
}

/**
 * Users who may hold a token (those with BA_API__DISPLAY in one of their roles), or, for the
 * list's user filter, those who hold one.
 */
export async function tokenUsers(deps: Deps, query: UserQuery) {
  const found = await repo.tokenUserRows(deps.db, query);
  return { items: found };
}

async function tokenOf(deps: Deps, id: number): Promise<Row> {
  const row = await repo.tokenRow(deps.db, id);
  if (!row) throw notFound('The API token');
  return row;
}

/** Creates a token for an integration user; the answer holds the token, this once. */
export async function createToken(deps: Deps, auth: AuthContext, input: Input) {
  const user = await repo.tokenHolder(deps.db, input.userId);
  if (!user) throw invalidFields({ userId: 'There is no such user.' });
  if (!user.eligible)
    throw invalidFields({
      userId: 'This user holds no role with the right to use the integration API.',
    });
  if (user.status === 'locked') throw invalidFields({ userId: 'This account is locked.' });
  const made = newApiToken();
  const id = await deps.db.transaction(async (tx) => {
    // A token signs in as its user: only who may change that user's sign-in may make one
    // (decision 0015), the user read and locked in this transaction.
    const target = await loadGrantTarget(tx, input.userId);
    if (!target) throw invalidFields({ userId: 'There is no such user.' });
    (await grantsFor(tx, auth)).assertIdentity(target);
    const tokenId =
      (await repo.insertToken(tx, {
        userId: input.userId,
        name: input.name,
        prefix: made.prefix,
        hash: made.hash,
        createdBy: auth.user.jwlId,
        expiresAt: `${input.expiresOn}T23:59:59.999Z`,
      })) ?? 0;
    await audit(tx, auth, {
      action: 'api-token.create',
      entityType: 'api_token',
      entityId: tokenId,
      changes: {
        userId: input.userId,
        name: input.name,
        prefix: made.prefix,
        expiresOn: input.expiresOn,
      },
    });
    return tokenId;
  });
  return { token: made.token, item: toToken(await tokenOf(deps, id)) };
}

/** Revokes a token: from now on it answers 401. Revoking twice is refused (409). */
export async function revokeToken(deps: Deps, auth: AuthContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockToken(tx, id);
    if (!row) throw notFound('The API token');
    if (row.revoked) throw new AppError(409, 'CONFLICT', 'This API token is already revoked.');
    await repo.markTokenRevoked(tx, id, auth.user.jwlId);
    await audit(tx, auth, {
      action: 'api-token.revoke',
      entityType: 'api_token',
      entityId: id,
      changes: { userId: row.user_id, prefix: row.prefix },
    });
  });
  return toToken(await tokenOf(deps, id));
}
