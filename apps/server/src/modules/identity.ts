import { withTenant } from '../db/client.ts';
import type { IdentityDirectory } from '../platform/auth/identity.ts';
import { directoryIdentity } from './directory/directory.identity.ts';
import { findSettings } from './settings/settings.repository.ts';
import { withDefaults } from './settings/settings.rules.ts';
import { listTenants } from './tenants/tenants.repository.ts';

/** The identity port sign-in and authentication use (platform/auth/identity.ts), from the modules that hold it. */
export const identityDirectory: IdentityDirectory = {
  ...directoryIdentity,
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
};
