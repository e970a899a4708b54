import {
  CONNECTION_FAILED_MESSAGE,
  HTTP_TIMEOUT_MS,
  NO_RESPONSE_TIMEOUT_MESSAGE,
  httpStatusMessage,
} from '@yuyue/shared';
import { pick } from '../../lib/i18n.ts';
import type { AttachmentValue } from './form.ts';

/** File kinds the upload endpoint stores (it checks the content too). */
export const ATTACHMENT_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip,.txt';

/** An upload the server refused or that never arrived; `message` is fit to show. */
export class AttachmentUploadError extends Error {
  override name = 'AttachmentUploadError';
}

/** What a user's upload is for (the server's `?purpose=`); both make private files. */
export type AttachmentPurpose = 'attachment' | 'evaluation-picture';

/**
 * Uploads a booking attachment or an evaluation's picture through the file upload endpoint
 * (multipart field `file`, token as `access_token`); the answer's `error`/`error_en` is the
 * refusal. The file is private: pages show it with the user's token (lib/attachment-link.ts).
 */
export async function uploadAttachment(
  file: File,
  token: string,
  purpose: AttachmentPurpose = 'attachment',
): Promise<AttachmentValue> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    const query = new URLSearchParams({ access_token: token, purpose });
    res = await fetch(`/api/file/upload?${query}`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS * 3),
    });
  } catch (err) {
    const timeout = err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new AttachmentUploadError(timeout ? NO_RESPONSE_TIMEOUT_MESSAGE : CONNECTION_FAILED_MESSAGE);
  }
  const body = (await res.json().catch(() => null)) as {
    uri?: string;
    errno?: number;
    error?: string;
    error_en?: string;
  } | null;
  if (!body || body.errno !== 0 || !body.uri) {
    throw new AttachmentUploadError(pick(body?.error, body?.error_en) || httpStatusMessage(res.status));
  }
  return { uri: body.uri, name: file.name, size: file.size };
}
