import type { EffectiveGrant } from '@yuyue/shared';
import type { Db, Executor } from '../../db/client.ts';

/** A person as authentication sees them on every request. */
export interface SignedInPerson {
  id: string;
  account: string;
  name: string;
  role: string;
  disabled: boolean | number;
  /**
   * The application roles the person holds through permission grants (docs/GLOSSARY.md
   * "Grants"); an `admin` grant makes them a tenant administrator. Visitors hold none.
   */
  grants?: readonly EffectiveGrant[];
}

/**
 * A person as sign-in sees them: with their password hash and contact details for the claims
 * (a visitor's, role 'visitor', are never put in claims: identity-provider.ts `claimsOf`).
 */
export interface Person extends SignedInPerson {
  password_hash: string | null;
  email: string | null;
  phone: string | null;
}

/** A tenant a sign-in page may be for. */
export interface SignInTenant {
  id: string;
  tenant_key: string;
  name: string;
  /** Host names, comma separated, that select the tenant. */
  domains: string;
}

/** What the login page shows of a tenant. */
export interface SignInBranding {
  sysName: string;
  sysNameEn: string;
  themeColor: string;
}

/**
 * What sign-in and authentication need of the directory, the tenants and their settings. The
 * platform declares it and the modules provide it (`modules/identity.ts`), so that `platform/`
 * stays below the modules and imports none of them.
 */
export interface IdentityDirectory {
  /**
   * The person a token names, by id or by account: every authenticated request asks, so one
   * statement outside any transaction, prepared once per database.
   */
  lookUp(db: Db, tenantId: string, by: 'id' | 'account', key: string): Promise<SignedInPerson | undefined>;
  /** A tenant's person by account, in the sign-in transaction (password hash included). */
  byAccount(tx: Executor, tenantId: string, account: string): Promise<Person | undefined>;
  /** A tenant's person by id (the claims of the id_token and userinfo). */
  byId(db: Db, tenantId: string, userId: string): Promise<Person | undefined>;
  /** Records a right password: the person was active now. */
  signedIn(tx: Executor, tenantId: string, userId: string, at: Date): Promise<void>;
  /** Every tenant, oldest first. */
  tenants(db: Db): Promise<SignInTenant[]>;
  /** The tenant's system name and theme colour for the login page; the defaults without a tenant. */
  branding(db: Db, tenantId: string | null): Promise<SignInBranding>;
}
