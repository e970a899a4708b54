import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY } from '../../../lib/i18n.ts';
import { isAvatarType, uploadFailure, uploadFile } from './upload.ts';

afterEach(() => {
  window.localStorage.removeItem(LANGUAGE_KEY);
  vi.unstubAllGlobals();
});

describe('uploadFailure', () => {
  it('is null for a stored file', () => {
    expect(uploadFailure({ id: '1', uri: '/api/file/1', errno: 0, error: '' }, 200)).toBeNull();
  });
  it("shows the server's message in the user's language", () => {
    const body = { id: '', uri: '', errno: 1, error: '文件过大', error_en: 'File too large' };
    expect(uploadFailure(body, 400)).toBe('文件过大');
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(uploadFailure(body, 400)).toBe('File too large');
  });
  it('falls back to the HTTP status message', () => {
    expect(uploadFailure(null, 502)).toBe('网络错误');
    expect(uploadFailure({ errno: 1, error: '' }, 500)).toBe('服务器端出错');
  });
});

describe('isAvatarType', () => {
  it('accepts png, jpeg, gif and webp only', () => {
    expect(['image/png', 'image/jpeg', 'image/gif', 'image/webp'].every(isAvatarType)).toBe(true);
    expect(isAvatarType('image/svg+xml')).toBe(false);
    expect(isAvatarType('application/pdf')).toBe(false);
  });
});

describe('uploadFile', () => {
  it('sends the token and what the file is for (the server decides from it who may read the file)', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ id: '1', uri: '/yy-sys/api/file/1', errno: 0, error: '' }));
      }),
    );
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    expect(await uploadFile(file, 'tok en', 'branding')).toBe('/yy-sys/api/file/1');
    await uploadFile(file, 'tok', 'avatar');
    expect(urls).toEqual([
      '/api/file/upload?access_token=tok+en&purpose=branding',
      '/api/file/upload?access_token=tok&purpose=avatar',
    ]);
  });
});
