import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXPIRY_MS, getItem, setItem } from './storage.ts';

afterEach(() => vi.useRealTimers());

describe('local storage with expiry', () => {
  it('keeps a value with its start time for an hour by default', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    setItem('routes', ['a']);
    const raw = JSON.parse(window.localStorage.getItem('routes')!);
    expect(raw).toEqual({ value: ['a'], startTime: 1_000_000, expires: 1_000_000 + DEFAULT_EXPIRY_MS });
    vi.setSystemTime(1_000_000 + DEFAULT_EXPIRY_MS - 1);
    expect(getItem('routes')).toEqual(['a']);
    vi.setSystemTime(1_000_000 + DEFAULT_EXPIRY_MS);
    expect(getItem('routes')).toBeNull();
    expect(window.localStorage.getItem('routes')).toBeNull();
  });

  it('treats a malformed entry as absent', () => {
    window.localStorage.setItem('x', '{not json');
    expect(getItem('x')).toBeNull();
  });
});
