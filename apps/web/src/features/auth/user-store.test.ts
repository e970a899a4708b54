import { User, UserManager } from 'oidc-client-ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { isVisitorUser } from '../visitors/role.ts';
import { storedUser } from './auth.ts';
import { oidcSettings } from './oidc-settings.ts';
import { visitorSafeStorage, withoutVisitorClaims } from './user-store.ts';

const PERSONAL = ['张三', '13812345678', 'zhang@example.com', '11010519491231002X'];

/** A user as the provider could give it (claims beyond what the app needs). */
const userOf = (preferred_username: string) =>
  new User({
    access_token: 'at',
    id_token: 'header.payload.signature',
    token_type: 'Bearer',
    expires_at: Math.floor(Date.now() / 1000) + 600,
    profile: {
      sub: 't:v1',
      iss: 'https://sso.example',
      aud: 'yuyue',
      exp: Math.floor(Date.now() / 1000) + 600,
      iat: Math.floor(Date.now() / 1000),
      preferred_username,
      account: preferred_username,
      name: '张三',
      phone_number: '13812345678',
      email: 'zhang@example.com',
      card_number: '11010519491231002X',
    },
  });

beforeEach(() => localStorage.clear());

describe("the browser's copy of a signed-in user", () => {
  it("keeps none of a visitor's personal claims, and the app still knows them as a visitor", async () => {
    const manager = new UserManager(oidcSettings());
    await manager.storeUser(userOf('visitor:0123456789abcdef'));
    const everything = Object.keys(localStorage)
      .map((k) => `${k}=${localStorage.getItem(k)}`)
      .join('\n');
    expect(everything).toContain('oidc.user:');
    for (const value of PERSONAL) expect(everything).not.toContain(value);
    const user = storedUser();
    expect(user?.profile).toMatchObject({ sub: 't:v1', preferred_username: 'visitor:0123456789abcdef' });
    expect(Object.keys(user!.profile).sort()).toEqual([
      'account',
      'aud',
      'exp',
      'iat',
      'iss',
      'preferred_username',
      'sub',
    ]);
    expect(isVisitorUser(user)).toBe(true);
    expect(user?.access_token).toBe('at');
  });

  it("keeps a directory user's claims as the provider gave them", async () => {
    const manager = new UserManager(oidcSettings());
    await manager.storeUser(userOf('student'));
    expect(storedUser()?.profile).toMatchObject({ name: '张三', email: 'zhang@example.com' });
  });

  it('passes every other key through, and text that is no user unchanged', () => {
    const storage = visitorSafeStorage(localStorage);
    storage.setItem('oidc.abc', '{"profile":{"preferred_username":"visitor:x","name":"张三"}}');
    expect(localStorage.getItem('oidc.abc')).toContain('张三');
    expect(withoutVisitorClaims('not json')).toBe('not json');
    expect(storage.length).toBe(1);
    expect(storage.key(0)).toBe('oidc.abc');
    storage.removeItem('oidc.abc');
    expect(storage.getItem('oidc.abc')).toBeNull();
  });
});
