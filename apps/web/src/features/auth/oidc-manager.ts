import { UserManager } from 'oidc-client-ts';
import { oidcSettings } from './oidc-settings.ts';

let manager: UserManager | null = null;

/**
 * The app's one UserManager, loaded only when the provider must be talked to (sign-in, its
 * callback, renewal, sign-out): reading the signed-in user needs none of it (auth.ts).
 * OIDC events are only logged (spec 8).
 */
export function userManager(): UserManager {
  if (!manager) {
    manager = new UserManager(oidcSettings());
    manager.events.addAccessTokenExpired(() => console.info('[oidc] access token expired'));
    manager.events.addUserSignedOut(() => console.info('[oidc] user signed out'));
  }
  return manager;
}
