import {
  CONNECTION_FAILED_MESSAGE,
  HTTP_TIMEOUT_MS,
  NO_RESPONSE_TIMEOUT_MESSAGE,
  httpStatusMessage,
} from '@yuyue/shared';
import { pick } from '../../../lib/i18n.ts';

/** The upload endpoint's answer (spec 3, "Upload response"); errno 0 means stored. */
export interface UploadResponse {
  id: string;
  uri: string;
  errno: number;
  error: string;
  error_en?: string;
}

/** An upload the server refused or that never arrived; `message` is fit to show. */
export class UploadError extends Error {
  override name = 'UploadError';
}

/** Image types the avatar accepts. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function isAvatarType(type: string): boolean {
  return (AVATAR_TYPES as readonly string[]).includes(type);
}

/** The message to show for an upload response, or null when it succeeded. */
export function uploadFailure(body: Partial<UploadResponse> | null, status: number): string | null {
  if (body && typeof body.errno === 'number') {
    if (body.errno === 0 && body.uri) return null;
    return pick(body.error, body.error_en) || httpStatusMessage(status);
  }
  return httpStatusMessage(status);
}

/**
 * What an upload is for (the server's `?purpose=`): it decides who may read the file. Pictures
 * of public pages are public (only back-office users may upload them); avatars are private.
 */
export type UploadPurpose = 'resource-picture' | 'content-picture' | 'branding' | 'avatar';

/** Uploads one file for `purpose` (multipart field `file`, token as `access_token`) and returns its uri. */
export async function uploadFile(file: File, token: string, purpose: UploadPurpose): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    const query = new URLSearchParams({ access_token: token, purpose });
    res = await fetch(`/api/file/upload?${query}`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (err) {
    const timeout = err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new UploadError(timeout ? NO_RESPONSE_TIMEOUT_MESSAGE : CONNECTION_FAILED_MESSAGE);
  }
  const body = (await res.json().catch(() => null)) as Partial<UploadResponse> | null;
  const failure = uploadFailure(body, res.status);
  if (failure !== null) throw new UploadError(failure);
  return body!.uri!;
}
