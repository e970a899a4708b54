import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptCaptchaCode, submitCaptchaOf } from './encrypt.ts';

// api-contract 3's test vector
const captchaId = 'cc1973dc4eaf4132b89d6d162793fc97';
const captchaCode = '3ed524c3-11b8-4746-8527-d6ec2fc94283';
const sealed = 'P1mjLm+eMWAPH/cim/UrwE8FJtCvVBwJ+iVUH4GaIWsCLf0BhV/uyKJdC7SbimV1';

async function decrypt(base64: string, id: string): Promise<string> {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const key = await crypto.subtle.importKey('raw', utf8(id.slice(0, 16)), 'AES-CBC', false, ['decrypt']);
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(
    await crypto.subtle.decrypt({ name: 'AES-CBC', iv: utf8(id.slice(1, 17)) }, key, bytes),
  );
}

describe('captcha credential encryption (api-contract 3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives the contract's test vector", async () => {
    expect(await encryptCaptchaCode(captchaCode, captchaId)).toBe(sealed);
  });

  it('pads with PKCS#7: a code of exactly one block gets a second block, and decrypts back', async () => {
    const code = '0123456789abcdef';
    const out = await encryptCaptchaCode(code, captchaId);
    expect(atob(out)).toHaveLength(32);
    expect(await decrypt(out, captchaId)).toBe(code);
  });

  it('depends on the id: another id gives another text', async () => {
    expect(await encryptCaptchaCode(captchaCode, 'dd1973dc4eaf4132b89d6d162793fc97')).not.toBe(sealed);
  });

  it('refuses an id too short for a 16-byte key and iv', async () => {
    await expect(encryptCaptchaCode(captchaCode, 'cc1973dc4eaf4132')).rejects.toThrow(/17 characters/);
  });

  it('submits the encrypted code with the plain id', async () => {
    expect(await submitCaptchaOf({ captchaId, captchaCode })).toEqual({ captchaId, captchaCode: sealed });
  });

  it('sends a code shorter than 16 characters, or one with a too short id, as it is', async () => {
    expect(await submitCaptchaOf({ captchaId, captchaCode: 'short' })).toEqual({ captchaId, captchaCode: 'short' });
    expect(await submitCaptchaOf({ captchaId: 'abc', captchaCode })).toEqual({ captchaId: 'abc', captchaCode });
  });

  it('sends the plain code where the page has no Web Crypto (plain HTTP)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    expect(await submitCaptchaOf({ captchaId, captchaCode })).toEqual({ captchaId, captchaCode });
  });
});
