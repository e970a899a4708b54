import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser, RequestContext, Role } from '../context.ts';
import { AppError } from '../errors.ts';
import { onChange } from '../events.ts';
import { isUuid } from '../ids.ts';
import { findTenantById, resolveTenant } from '../tenancy.ts';
import type { IdentityDirectory, SignedInPerson } from './identity.ts';
import type { TokenVerifier } from './token-verifier.ts';

/** The bearer token of a request: the Authorization header, or the query parameter some calls use. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return m?.[1] ?? null;
  }
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.access_token ?? query?.token;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : null;
}

/**
 * How long a looked-up user (role, disabled) is reused by the requests of this process. A change
 * reaches every instance as a change notification (platform/events.ts) within a second; this
 * lifetime bounds how stale an instance gets only while it is not listening.
 */
export const USER_CACHE_MS = 5_000;
const MAX_USERS = 20_000;

/**
 * Users looked up recently, by tenant and token subject: the row (with the roles their grants
 * give) and until when it is reused. A grant, a revocation or a directory change that moves who
 * a grant reaches announces the tenant's users, so every instance looks them up again.
 */
const usersByKey = new Map<string, { row: SignedInPerson | undefined; until: number }>();
/**
 * The keys each user is kept under ("tenant:userId" -> keys of `usersByKey`), so that forgetting
 * one user (every directory change of one, 2,000 in an import) is not a scan of every user kept.
 */
const keysOfUser = new Map<string, Set<string>>();

function keepUser(cacheKey: string, tenantId: string, hit: { row: SignedInPerson | undefined; until: number }) {
  usersByKey.set(cacheKey, hit);
  if (!hit.row) return;
  const owner = `${tenantId}:${hit.row.id}`;
  const keys = keysOfUser.get(owner) ?? new Set<string>();
  keys.add(cacheKey);
  keysOfUser.set(owner, keys);
}

function dropKey(cacheKey: string) {
  const hit = usersByKey.get(cacheKey);
  usersByKey.delete(cacheKey);
  if (!hit?.row) return;
  // a key begins with its tenant's id (a UUID: no colon in it)
  const owner = `${cacheKey.slice(0, cacheKey.indexOf(':'))}:${hit.row.id}`;
  const keys = keysOfUser.get(owner);
  keys?.delete(cacheKey);
  if (keys && !keys.size) keysOfUser.delete(owner);
}

/** Bumped by every forget: a lookup that began before one is not kept (it may have read the old row). */
let generation = 0;

onChange((change) => {
  if (change.kind === 'all') {
    generation++;
    usersByKey.clear();
    keysOfUser.clear();
  } else if (change.kind === 'user') {
    generation++;
    forgetUser(change.tenantId, change.userId, change.account);
  }
});

/**
 * Drops what is kept of a user: by id, by account (a lookup that found no such account
 * included), and under any other account the user had; without id or account every user of
 * the tenant.
 */
function forgetUser(tenantId: string, userId?: string, account?: string): void {
  const prefix = `${tenantId}:`;
  if (!userId && !account) {
    for (const key of [...usersByKey.keys()]) if (key.startsWith(prefix)) dropKey(key);
    return;
  }
  if (userId) dropKey(`${prefix}id:${userId}`);
  if (account) dropKey(`${prefix}account:${account}`);
  // kept under the account it had before a rename
  if (userId) for (const key of [...(keysOfUser.get(`${prefix}${userId}`) ?? [])]) dropKey(key);
}

/**
 * The user a token names, looked up once per USER_CACHE_MS: every request of a signed-in user
 * needs it, and a burst of requests (a page load, a booking rush) then costs one lookup, not
 * one round trip each. An unknown user is remembered too, so a deleted user's token is refused
 * without a lookup.
 */
async function lookUpUser(
  identity: IdentityDirectory,
  db: Db,
  tenantId: string,
  byId: boolean,
  key: string,
): Promise<SignedInPerson | undefined> {
  const cacheKey = `${tenantId}:${byId ? 'id' : 'account'}:${key}`;
  const now = Date.now();
  const hit = usersByKey.get(cacheKey);
  if (hit && hit.until > now) return hit.row;
  const started = generation;
  const row = await identity.lookUp(db, tenantId, byId ? 'id' : 'account', key);
  if (started !== generation) return row;
  if (!usersByKey.has(cacheKey) && usersByKey.size >= MAX_USERS) dropKey(usersByKey.keys().next().value!);
  keepUser(cacheKey, tenantId, { row, until: now + USER_CACHE_MS });
  return row;
}

/**
 * Builds the request context: the tenant and, when the request carries a token, the user.
 * A token that is present but not valid is refused (ACCESS_TOKEN_INVALID, HTTP 401) rather
 * than treated as anonymous.
 */
export async function authenticate(
  request: FastifyRequest,
  deps: { config: Config; db: Db; verifier: TokenVerifier; identity: IdentityDirectory },
): Promise<RequestContext> {
  const { config, db, verifier, identity: people } = deps;
  const base = { config, db, log: request.log, ip: request.ip };
  const token = bearerToken(request);
  const tenantHeader = request.headers['x-tenant'];
  const hint = { key: typeof tenantHeader === 'string' ? tenantHeader : null, host: request.headers.host ?? null };

  if (!token) {
    return { ...base, tenant: await resolveTenant(db, hint), user: null };
  }
  const identity = await verifier.verify(token);
  if (!identity || identity.expiresAt * 1000 <= Date.now()) throw new AppError('ACCESS_TOKEN_INVALID');
  const tenant = identity.tenantId ? await findTenantById(db, identity.tenantId) : await resolveTenant(db, hint);
  if (!tenant) throw new AppError('ACCESS_TOKEN_INVALID');

  const key = identity.userId ? (isUuid(identity.userId) ? identity.userId : null) : identity.account || null;
  const row = key ? await lookUpUser(people, db, tenant.id, !!identity.userId, key) : undefined;
  if (!row || row.disabled) throw new AppError('ACCESS_TOKEN_INVALID');
  const grants = row.role === 'visitor' ? [] : (row.grants ?? []);
  const user: AuthUser = {
    id: row.id,
    account: row.account,
    name: row.name,
    // an `admin` grant makes a user a tenant administrator (docs/GLOSSARY.md "Grants")
    role: row.role === 'user' && grants.some((g) => g.permission === 'admin') ? 'admin' : (row.role as Role),
    tenantId: tenant.id,
    grants,
  };
  return { ...base, tenant, user };
}
