import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from '../../../lib/i18n.ts';
import { isAvatarType, uploadFailure } from './upload.ts';

afterEach(() => window.localStorage.removeItem(LANGUAGE_KEY));

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
