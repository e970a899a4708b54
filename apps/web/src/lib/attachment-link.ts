import { HTTP_TIMEOUT_MS, uploadedFileIdOf } from '@yuyue/shared';
import { runtimeConfig } from './runtime-config.ts';

function isUploadedFile(uri: string): boolean {
  return uploadedFileIdOf(uri, { basePath: runtimeConfig().basePath, origin: window.location.origin }) !== null;
}

/**
 * The URL to show or open an uploaded file with. Files of this server are private unless they
 * are pictures of public pages, and an `<img>` or a link cannot send the token as a header, so
 * a file of this server gets the signed-in user's token as `access_token` (a public file
 * ignores it); any other URL, or no token, is returned unchanged.
 */
export function fileUrl(uri: string, token: string | null | undefined): string {
  const value = uri.trim();
  if (!token || !isUploadedFile(value)) return uri;
  return `${value}?access_token=${encodeURIComponent(token)}`;
}

/**
 * The href of a booking's attachment when it is a file uploaded to this server, else null: the
 * caller then shows the stored text as text, never as a link (a `javascript:` or phishing URL
 * saved before the server refused them must not become clickable). With the signed-in user's
 * token, the href carries it (`fileUrl`): attachments are private.
 */
export function attachmentHref(uri: string | null | undefined, token?: string | null): string | null {
  const value = (uri ?? '').trim();
  if (!value) return null;
  return isUploadedFile(value) ? fileUrl(value, token) : null;
}

/** How long the web app uses a signed link before asking for a new one (the server's last 10 minutes). */
export const FILE_LINK_REFRESH_MS = 8 * 60_000;

/**
 * A short-lived signed link to a file of this server (`GET <base>/api/file/<id>/link` with the
 * token as a header): what a page puts in a link a user may open, download or copy, so the
 * token itself is not in it. Rejects when the server does not answer with one.
 */
export async function signedFileLink(uri: string, token: string): Promise<string> {
  const { basePath } = runtimeConfig();
  const id = uploadedFileIdOf(uri.trim(), { basePath, origin: window.location.origin });
  if (!id) throw new Error(`not a file of this server: ${uri}`);
  const res = await fetch(`${basePath}/api/file/${id}/link`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => null)) as { uri?: unknown } | null;
  const link = typeof body?.uri === 'string' ? body.uri : '';
  // Only a link to the same file on this server is used.
  if (!res.ok || !link.startsWith(`${basePath}/api/file/${id}`)) throw new Error(`no signed link (HTTP ${res.status})`);
  return link;
}
