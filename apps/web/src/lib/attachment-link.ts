import { uploadedFileIdOf } from '@yuyue/shared';
import { runtimeConfig } from './runtime-config.ts';

/**
 * The href of a booking's attachment when it is a file uploaded to this server, else null: the
 * caller then shows the stored text as text, never as a link (a `javascript:` or phishing URL
 * saved before the server refused them must not become clickable).
 */
export function attachmentHref(uri: string | null | undefined): string | null {
  const value = (uri ?? '').trim();
  if (!value) return null;
  const where = { basePath: runtimeConfig().basePath, origin: window.location.origin };
  return uploadedFileIdOf(value, where) ? value : null;
}
