/**
 * Local storage with an expiry (spec 3, client state): each value is kept with the time it
 * was stored and when it expires (one hour by default); an expired value reads as absent.
 */
export const DEFAULT_EXPIRY_MS = 3_600_000;

interface Stored<T> {
  value: T;
  startTime: number;
  expires: number;
}

export function setItem<T>(key: string, value: T, expiryMs = DEFAULT_EXPIRY_MS): void {
  const now = Date.now();
  const entry: Stored<T> = { value, startTime: now, expires: now + expiryMs };
  window.localStorage.setItem(key, JSON.stringify(entry));
}

export function getItem<T>(key: string): T | null {
  const raw = window.localStorage.getItem(key);
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as Stored<T>;
    if (typeof entry?.expires !== 'number' || entry.expires <= Date.now()) {
      window.localStorage.removeItem(key);
      return null;
    }
    return entry.value;
  } catch {
    window.localStorage.removeItem(key);
    return null;
  }
}

export function removeItem(key: string): void {
  window.localStorage.removeItem(key);
}
