import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { visitorSafeStorage } from './user-store.ts';

/** Authorization code + PKCE against the deployment's provider, renewed silently. */
export function oidcSettings(): UserManagerSettings {
  const { basePath, oidc } = runtimeConfig();
  const origin = window.location.origin;
  return {
    authority: oidc.authority,
    client_id: oidc.clientId,
    redirect_uri: `${origin}${basePath}/oidc-callback`,
    silent_redirect_uri: `${origin}${basePath}/silent-renew.html`,
    post_logout_redirect_uri: `${origin}${basePath}/`,
    response_type: 'code',
    scope: oidc.scope,
    // auth.ts schedules renewals itself, so that this client loads only when it has work.
    automaticSilentRenew: false,
    loadUserInfo: false,
    // a visitor's personal claims are never written to the browser (user-store.ts)
    userStore: new WebStorageStateStore({ store: visitorSafeStorage(window.localStorage) }),
  };
}
