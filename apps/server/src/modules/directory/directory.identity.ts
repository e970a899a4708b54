import { withTenant } from '../../db/client.ts';
import type { IdentityDirectory } from '../../platform/auth/identity.ts';
import { signedInWithGrants } from './directory.grants.repository.ts';
import { findUserByAccount, findUserById, updateLoginState } from './directory.repository.ts';

/** The directory's part of the identity port: people, their passwords and sign-ins. */
export const directoryIdentity: Pick<IdentityDirectory, 'lookUp' | 'byAccount' | 'byId' | 'signedIn'> = {
  /** The person with the roles their grants give (none for a visitor): one statement. */
  lookUp: (db, tenantId, by, key) => signedInWithGrants(db, tenantId, by, key),
  byAccount: (tx, tenantId, account) => findUserByAccount(tx, tenantId, account),
  byId: (db, tenantId, userId) => withTenant(db, tenantId, (tx) => findUserById(tx, tenantId, userId)),
  async signedIn(tx, tenantId, userId, at) {
    await updateLoginState(tx, tenantId, userId, { failed_logins: 0, locked_until: null, active_time: at });
  },
};
