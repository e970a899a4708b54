import { withTenant, type Db } from '../../db/client.ts';
import type { IdentityDirectory, SignedInPerson } from '../../platform/auth/identity.ts';
import { coalescing } from '../../platform/coalesce.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedInWithGrants } from './directory.grants.repository.ts';
import { findUserByAccount, findUserById, updateLoginState } from './directory.repository.ts';

/** The directory's part of the identity port: people, their passwords and sign-ins. */
export const directoryIdentity: Pick<IdentityDirectory, 'lookUp' | 'byAccount' | 'byId' | 'signedIn'> = {
  /**
   * The person with the roles their grants give (none for a visitor): one statement for the
   * lookups of one tenant asked for in the same turn of the event loop (a burst of requests).
   */
  lookUp: (db, tenantId, by, key) =>
    by === 'id' && !isUuid(key) ? Promise.resolve(undefined) : lookUpFor(db, tenantId, by)(key),
  byAccount: (tx, tenantId, account) => findUserByAccount(tx, tenantId, account),
  byId: (db, tenantId, userId) => withTenant(db, tenantId, (tx) => findUserById(tx, tenantId, userId)),
  async signedIn(tx, tenantId, userId, at) {
    await updateLoginState(tx, tenantId, userId, { failed_logins: 0, locked_until: null, active_time: at });
  },
};

type LookUp = (key: string) => Promise<SignedInPerson | undefined>;
const lookUps = new WeakMap<Db, Map<string, LookUp>>();

/** The gathering lookup of a tenant's people by id or by account, per database. */
function lookUpFor(db: Db, tenantId: string, by: 'id' | 'account'): LookUp {
  const ofDb = lookUps.get(db) ?? new Map<string, LookUp>();
  lookUps.set(db, ofDb);
  const name = `${tenantId}:${by}`;
  let lookUp = ofDb.get(name);
  if (!lookUp) {
    lookUp = coalescing((keys: string[]) => signedInWithGrants(db, tenantId, by, keys));
    ofDb.set(name, lookUp);
  }
  return lookUp;
}
