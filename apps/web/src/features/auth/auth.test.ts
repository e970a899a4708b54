import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runtimeConfig } from '../../lib/runtime-config.ts';

const oidc = vi.hoisted(() => ({
  signinSilent: vi.fn(async () => {}),
  signoutRedirect: vi.fn(async (_args: { id_token_hint?: string }) => {}),
  loaded: 0,
}));
vi.mock('./oidc-manager.ts', () => {
  oidc.loaded++;
  return { userManager: () => ({ signinSilent: oidc.signinSilent, signoutRedirect: oidc.signoutRedirect }) };
});

const { currentUser, signOut, startSilentRenew, stopSilentRenew, storedUser, watchUser } = await import('./auth.ts');

function key() {
  const { oidc: settings } = runtimeConfig();
  return `oidc.user:${settings.authority}:${settings.clientId}`;
}

function store(expiresInSeconds: number, token = 'tok-1') {
  const user = {
    access_token: token,
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
    profile: { sub: 't:u', preferred_username: 'student' },
  };
  localStorage.setItem(key(), JSON.stringify(user));
}

describe('auth: the signed-in user without the OIDC client', () => {
  beforeEach(() => {
    localStorage.clear();
    oidc.signinSilent.mockClear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    stopSilentRenew();
    vi.useRealTimers();
  });

  it('reads the user oidc-client-ts stored and does not load the client for it', async () => {
    store(3600);
    expect((await currentUser())?.access_token).toBe('tok-1');
    expect(oidc.loaded).toBe(0);
  });

  it('treats an expired, unreadable or incomplete stored user as signed out', async () => {
    store(-1);
    expect(await currentUser()).toBeNull();
    expect(storedUser()?.access_token).toBe('tok-1');
    localStorage.setItem(key(), '{not json');
    expect(await currentUser()).toBeNull();
    localStorage.setItem(key(), JSON.stringify({ access_token: 'x' }));
    expect(await currentUser()).toBeNull();
  });

  it('renews silently one minute before expiry, then tells the watchers about the new token', async () => {
    store(120);
    const seen: (string | null)[] = [];
    const unwatch = watchUser((u) => seen.push(u?.access_token ?? null));
    oidc.signinSilent.mockImplementationOnce(async () => store(3600, 'tok-2'));
    startSilentRenew();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(oidc.signinSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(oidc.signinSilent).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['tok-2']);
    unwatch();
  });

  it('does not renew after stopSilentRenew, and a failed renewal is not retried in a loop', async () => {
    store(30);
    startSilentRenew();
    stopSilentRenew();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(oidc.signinSilent).not.toHaveBeenCalled();
    oidc.signinSilent.mockRejectedValueOnce(new Error('login_required'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    startSilentRenew();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(oidc.signinSilent).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('hears another tab change the stored user', () => {
    const seen: (string | null)[] = [];
    const unwatch = watchUser((u) => seen.push(u?.access_token ?? null));
    store(3600, 'tok-3');
    window.dispatchEvent(new StorageEvent('storage', { key: key() }));
    localStorage.removeItem(key());
    window.dispatchEvent(new StorageEvent('storage', { key: key() }));
    expect(seen).toEqual(['tok-3', null]);
    unwatch();
  });

  it('signs out at the provider with the id token as hint, without telling this tab it is signed out first', async () => {
    store(3600);
    const user = JSON.parse(localStorage.getItem(key())!);
    localStorage.setItem(key(), JSON.stringify({ ...user, id_token: 'id-1' }));
    const seen: (string | null)[] = [];
    const unwatch = watchUser((u) => seen.push(u?.access_token ?? null));
    await signOut();
    expect(oidc.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-1' });
    // a watcher told "no user" would start a sign-in racing the sign-out's navigation
    expect(seen).toEqual([]);
    unwatch();
  });
});
