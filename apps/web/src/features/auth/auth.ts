import { UserManager, type User } from 'oidc-client-ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { oidcSettings } from './oidc-settings.ts';

let manager: UserManager | null = null;

/** The app's one UserManager; OIDC events are only logged (spec 8). */
export function userManager(): UserManager {
  if (!manager) {
    manager = new UserManager(oidcSettings());
    manager.events.addAccessTokenExpiring(() => console.info('[oidc] access token expiring'));
    manager.events.addAccessTokenExpired(() => console.info('[oidc] access token expired'));
    manager.events.addUserSignedOut(() => console.info('[oidc] user signed out'));
    manager.events.addSilentRenewError((err) => console.warn('[oidc] silent renew error', err));
  }
  return manager;
}

/** The signed-in user with a live access token, or null. */
export async function currentUser(): Promise<User | null> {
  const user = await userManager().getUser();
  return user && !user.expired ? user : null;
}

export async function accessToken(): Promise<string | null> {
  return (await currentUser())?.access_token ?? null;
}

/** Sends the browser to the sign-in page; it comes back to `returnTo` (an app path). */
export async function signIn(returnTo: string): Promise<void> {
  await userManager().signinRedirect({ state: { returnTo }, ui_locales: currentLanguage() });
}

/** Completes sign-in on /oidc-callback; returns the app path to go back to. */
export async function completeSignIn(): Promise<string> {
  const user = await userManager().signinRedirectCallback();
  const state = user.state as { returnTo?: string } | undefined;
  return state?.returnTo ?? '/';
}

export async function signOut(): Promise<void> {
  const m = userManager();
  const user = await m.getUser();
  await m.removeUser();
  await m.signoutRedirect({ id_token_hint: user?.id_token });
}
