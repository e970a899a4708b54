import { currentLanguage } from '../../lib/i18n.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';

/**
 * Sign-in state of the web app. The signed-in user is read straight from where oidc-client-ts
 * keeps it (local storage), so a page that is already signed in starts without loading the
 * OIDC client; the client (`oidc-manager.ts`) loads only to sign in, complete a sign-in, renew
 * the token silently or sign out.
 */

/** The fields of oidc-client-ts's stored user that the app reads. */
export interface SignedInUser {
  access_token: string;
  id_token?: string;
  /** Seconds since the epoch. */
  expires_at?: number;
  profile: { sub: string; preferred_username?: string; [claim: string]: unknown };
}

/** Renew this long before the access token expires (oidc-client-ts's default notice). */
const RENEW_BEFORE_MS = 60_000;
/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

const manager = () => import('./oidc-manager.ts').then((m) => m.userManager());

/** oidc-client-ts's key: WebStorageStateStore's "oidc." prefix + UserManager's user key. */
function storageKey(): string {
  const { oidc } = runtimeConfig();
  return `oidc.user:${oidc.authority}:${oidc.clientId}`;
}

function isExpired(user: SignedInUser, now = Date.now()): boolean {
  return typeof user.expires_at === 'number' && user.expires_at * 1000 <= now;
}

/** The stored user, expired or not; null when there is none or it cannot be read. */
export function storedUser(): SignedInUser | null {
  try {
    const raw = window.localStorage.getItem(storageKey());
    const user = raw ? (JSON.parse(raw) as Partial<SignedInUser>) : null;
    return user?.access_token && user.profile?.sub ? (user as SignedInUser) : null;
  } catch {
    return null;
  }
}

/** The signed-in user with a live access token, or null. */
export async function currentUser(): Promise<SignedInUser | null> {
  const user = storedUser();
  return user && !isExpired(user) ? user : null;
}

export async function accessToken(): Promise<string | null> {
  return (await currentUser())?.access_token ?? null;
}

type Listener = (user: SignedInUser | null) => void;
const listeners = new Set<Listener>();

function publish(): void {
  const user = storedUser();
  const live = user && !isExpired(user) ? user : null;
  for (const listener of listeners) listener(live);
  scheduleRenewal();
}

function onStorage(event: StorageEvent): void {
  // Another tab of the app signed in, renewed or signed out.
  if (event.key === null || event.key === storageKey()) publish();
}

/** Calls `listener` whenever the signed-in user changes (renewed token, sign-out, other tab). */
export function watchUser(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

let renewing = false;
let renewTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRenewal(): void {
  clearTimeout(renewTimer);
  renewTimer = undefined;
  const user = storedUser();
  if (!renewing || !user || typeof user.expires_at !== 'number') return;
  const delay = user.expires_at * 1000 - RENEW_BEFORE_MS - Date.now();
  renewTimer = setTimeout(() => void renew(), Math.min(Math.max(delay, 0), MAX_DELAY_MS));
}

/** Renews the access token in a hidden frame; on failure the token runs out and a 401 signs in again. */
async function renew(): Promise<void> {
  try {
    await (await manager()).signinSilent();
  } catch (err) {
    console.warn('[oidc] silent renew error', err);
    return;
  }
  publish();
}

/** Keeps the access token fresh: renews it silently shortly before it expires. */
export function startSilentRenew(): void {
  renewing = true;
  scheduleRenewal();
}

export function stopSilentRenew(): void {
  renewing = false;
  scheduleRenewal();
}

/** Sends the browser to the sign-in page; it comes back to `returnTo` (an app path). */
export async function signIn(returnTo: string): Promise<void> {
  await (await manager()).signinRedirect({ state: { returnTo }, ui_locales: currentLanguage() });
}

/** Completes sign-in on /oidc-callback; returns the app path to go back to. */
export async function completeSignIn(): Promise<string> {
  const user = await (await manager()).signinRedirectCallback();
  publish();
  const state = user.state as { returnTo?: string } | undefined;
  return state?.returnTo ?? '/';
}

/**
 * Signs out at the provider, which ends its session and revokes the tokens, then comes back to
 * the app, which asks to sign in. The stored user is removed by oidc-client-ts just before it
 * leaves for the provider; this tab's listeners are deliberately not told: a guard told "no
 * user" would start a sign-in whose navigation races the sign-out's, and the provider, whose
 * session had not ended yet, would sign straight back in.
 */
export async function signOut(): Promise<void> {
  stopSilentRenew();
  const user = storedUser();
  await (await manager()).signoutRedirect({ id_token_hint: user?.id_token });
}
