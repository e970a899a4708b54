import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FILE_LINK_REFRESH_MS, attachmentHref, fileUrl, signedFileLink } from '../lib/attachment-link.ts';
import { useOptionalSession } from './session.tsx';

/**
 * `fileUrl` with the current session's token: how a page shows an uploaded file that may be
 * private in an `<img>` (avatars, evaluation pictures); without a session the uri is used as it is.
 */
export function useFileUrl(): (uri: string) => string {
  const token = useOptionalSession()?.token ?? null;
  return useCallback((uri: string) => fileUrl(uri, token), [token]);
}

/**
 * The href of a booking's attachment (null when the stored value is not a file of this server:
 * shown as text). A signed-in page gets a signed link that opens for ten minutes and is renewed
 * before then, so a copied or shared link carries no token and stops working; until it arrives,
 * or when the server gives none, the href carries the token (`fileUrl`) so the link still opens.
 */
export function useAttachmentHref(uri: string | null | undefined): string | null {
  const token = useOptionalSession()?.token ?? null;
  const plain = attachmentHref(uri);
  const signed = useQuery({
    queryKey: ['fileLink', plain, token],
    queryFn: () => signedFileLink(plain!, token!),
    enabled: plain !== null && token !== null,
    staleTime: FILE_LINK_REFRESH_MS,
    refetchInterval: FILE_LINK_REFRESH_MS,
    retry: false,
  });
  if (plain === null) return null;
  return signed.data ?? fileUrl(plain, token);
}
