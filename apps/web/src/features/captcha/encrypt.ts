import type { CaptchaCredential, SubmitCaptcha } from './types.ts';

/**
 * The browser's encryption of a captcha credential (api-contract 3), with Web Crypto:
 * captchaCode becomes base64(AES-128-CBC-PKCS7(plaintext = captchaCode, key =
 * utf8(captchaId[0:16]), iv = utf8(captchaId[1:17]))). captchaId is sent as it is.
 */

const utf8 = (text: string) => new TextEncoder().encode(text);

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The key and iv a captchaId gives, or null when it is too short to give 16 bytes each. */
function keyMaterial(captchaId: string): { key: Uint8Array<ArrayBuffer>; iv: Uint8Array<ArrayBuffer> } | null {
  const key = utf8(captchaId.slice(0, 16));
  const iv = utf8(captchaId.slice(1, 17));
  return key.length === 16 && iv.length === 16 ? { key, iv } : null;
}

/** base64(AES-128-CBC-PKCS7(captchaCode)) with the key and iv of captchaId; rejects when captchaId is too short. */
export async function encryptCaptchaCode(captchaCode: string, captchaId: string): Promise<string> {
  const material = keyMaterial(captchaId);
  if (!material) throw new Error('captchaId must be at least 17 characters');
  const key = await crypto.subtle.importKey('raw', material.key, { name: 'AES-CBC' }, false, ['encrypt']);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-CBC', iv: material.iv }, key, utf8(captchaCode));
  return base64(new Uint8Array(sealed));
}

/**
 * What a booking submit sends for a credential: captchaCode encrypted when it is 16 characters
 * or longer (the contract's rule) and captchaId long enough for the key and iv. A page served
 * over plain HTTP has no Web Crypto (`crypto.subtle` needs a secure context): it sends the
 * plain code, which the server accepts too.
 */
export async function submitCaptchaOf(credential: CaptchaCredential): Promise<SubmitCaptcha> {
  const { captchaId, captchaCode } = credential;
  const canEncrypt = typeof crypto !== 'undefined' && Boolean(crypto.subtle);
  if (captchaCode.length < 16 || !keyMaterial(captchaId) || !canEncrypt) return { captchaId, captchaCode };
  try {
    return { captchaId, captchaCode: await encryptCaptchaCode(captchaCode, captchaId) };
  } catch {
    // a browser whose Web Crypto refuses AES-CBC: the plain code is accepted as well
    return { captchaId, captchaCode };
  }
}
