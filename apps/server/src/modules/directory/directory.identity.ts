import { withTenant } from '../../db/client.ts';
import type { IdentityDirectory } from '../../platform/auth/identity.ts';
import { effectiveGrants } from './directory.grants.repository.ts';
import { findUserByAccount, findUserById, lookUpSignedInUser, updateLoginState } from './directory.repository.ts';

/** The directory's part of the identity port: people, their passwords and sign-ins. */
export const directoryIdentity: Pick<IdentityDirectory, 'lookUp' | 'byAccount' | 'byId' | 'signedIn'> = {
  /** The person with the roles their grants give (one more statement, none for a visitor). */
  async lookUp(db, tenantId, by, key) {
    const row = await lookUpSignedInUser(db, tenantId, by, key);
    if (!row || row.role === 'visitor') return row;
    return { ...row, grants: await effectiveGrants(db, tenantId, row.id) };
  },
  byAccount: (tx, tenantId, account) => findUserByAccount(tx, tenantId, account),
  byId: (db, tenantId, userId) => withTenant(db, tenantId, (tx) => findUserById(tx, tenantId, userId)),
  async signedIn(tx, tenantId, userId, at) {
    await updateLoginState(tx, tenantId, userId, { failed_logins: 0, locked_until: null, active_time: at });
  },
};
