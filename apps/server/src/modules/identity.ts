import type { Config } from '../config.ts';
import { withTenant } from '../db/client.ts';
import type { IdentityDirectory } from '../platform/auth/identity.ts';
import { directoryIdentity } from './directory/directory.identity.ts';
import { findSettings } from './settings/settings.repository.ts';
import { withDefaults } from './settings/settings.rules.ts';
import { listTenants } from './tenants/tenants.repository.ts';
import { visitorAccountOf } from './visitors/visitors.crypto.ts';
import { visitorKeys } from '../platform/data-key.ts';

/** What a visitor types as their account on the sign-in page: their phone number. */
const PHONE_ACCOUNT = /^\+?[0-9][0-9 -]{6,19}$/;

/**
 * The identity port sign-in and authentication use (platform/auth/identity.ts), from the
 * modules that hold it. A registered visitor signs in with their phone number, which is not
 * stored as an account: an account not found that looks like a phone is tried as a visitor's.
 */
export const identityDirectoryFor = (config: Config): IdentityDirectory => ({
  ...directoryIdentity,
  async byAccount(tx, tenantId, account) {
    const person = await directoryIdentity.byAccount(tx, tenantId, account);
    if (person || !PHONE_ACCOUNT.test(account)) return person;
    return directoryIdentity.byAccount(tx, tenantId, visitorAccountOf(visitorKeys(config), tenantId, account));
  },
  tenants: (db) => listTenants(db),
  async branding(db, tenantId) {
    const stored = tenantId ? await withTenant(db, tenantId, (tx) => findSettings(tx, tenantId)) : null;
    const settings = withDefaults(stored?.manage_setting);
    return {
      sysName: String(settings.sys_name),
      sysNameEn: String(settings.sys_name_en || settings.sys_name),
      themeColor: String(settings.theme_color),
    };
  },
});
