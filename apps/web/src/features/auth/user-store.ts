import { isVisitorUser } from '../visitors/role.ts';

/**
 * What a visitor's stored sign-in keeps of their claims: who they are to the app (`sub`, the
 * opaque `account`) and the protocol's own claims. Nothing personal (a name, a phone, an e-mail
 * or an ID number) is written to the browser for a visitor, whatever the provider sends (issue
 * 17, privacy: only the gate's queue, which holds pass serials and times, is kept). The app reads
 * no other claim of a visitor's. Directory users keep their claims.
 */
const VISITOR_CLAIMS: ReadonlySet<string> = new Set([
  'sub',
  'account',
  'preferred_username',
  'role',
  'tenant_id',
  'tenant_key',
  'iss',
  'aud',
  'azp',
  'exp',
  'iat',
  'auth_time',
  'nonce',
  'sid',
  'acr',
  'amr',
  'at_hash',
  's_hash',
]);

/** oidc-client-ts's stored user (`oidc.user:<authority>:<client>`), as text, without a visitor's personal claims. */
export function withoutVisitorClaims(stored: string): string {
  let user: { profile?: Record<string, unknown> } | null;
  try {
    user = JSON.parse(stored) as { profile?: Record<string, unknown> } | null;
  } catch {
    return stored;
  }
  const profile = user?.profile;
  if (!user || !profile || !isVisitorUser({ profile: profile as { sub: string } })) return stored;
  user.profile = Object.fromEntries(Object.entries(profile).filter(([claim]) => VISITOR_CLAIMS.has(claim)));
  return JSON.stringify(user);
}

/** The stored user's key, with WebStorageStateStore's "oidc." prefix and UserManager's "user:". */
const USER_KEY = /^oidc\.user:/;

/**
 * `storage` as oidc-client-ts's user store: the signed-in user is written without a visitor's
 * personal claims (`withoutVisitorClaims`); everything else passes through.
 */
export function visitorSafeStorage(storage: Storage): Storage {
  return {
    get length() {
      return storage.length;
    },
    key: (index) => storage.key(index),
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => storage.setItem(key, USER_KEY.test(key) ? withoutVisitorClaims(value) : value),
    removeItem: (key) => storage.removeItem(key),
    clear: () => storage.clear(),
  };
}
