/**
 * Formats of contact details and links that both the server (which refuses anything else) and
 * the web app (which checks forms and shows only safe links) apply.
 */

/** A phone number as people write them: digits, an optional leading +, spaces and hyphens; 5-20 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9\- ]{4,19}$/;

/** An email address: something@domain.tld, no spaces; at most 254 characters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Whether `value` is a plausible phone number. */
export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** Whether `value` is a plausible email address. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The id of a file uploaded to this server that `link` points at (`<basePath>/api/file/<id>`,
 * optionally prefixed by the server's public origin), or null for any other link. Only such
 * links are accepted as a booking's attachment and shown as links; anything else is text.
 */
export function uploadedFileIdOf(link: string, where: { basePath: string; origin?: string }): string | null {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const path = `${escape(where.basePath.replace(/\/+$/, ''))}/api/file/(${UUID})`;
  const origin = where.origin ? `(?:${escape(where.origin.replace(/\/+$/, ''))})?` : '';
  const match = new RegExp(`^${origin}${path}$`, 'i').exec(link.trim());
  return match ? match[1]!.toLowerCase() : null;
}
