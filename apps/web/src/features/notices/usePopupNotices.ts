import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { RequestError } from '../../lib/graphql.ts';
import { currentLanguage, pick } from '../../lib/i18n.ts';
import { findNoticeAll } from './api/findNoticeAll.ts';
import { saveNoticeReadEntity } from './api/saveNoticeReadEntity.ts';
import { noticeKeys, type Notice } from './api/types.ts';
import { POPUP_QUERY, popupConfirmText, selectPopupNotices } from './popup.ts';

export interface PopupNoticesState {
  open: boolean;
  /** The notice shown now. */
  current: Notice | null;
  title: string;
  content: string;
  /** 1-based step and the number of notices to go through. */
  step: number;
  total: number;
  confirmText: string;
  confirming: boolean;
  error: string | null;
  /** Records the read of the current notice and moves on; after the last, closes and reloads the list. */
  confirm: () => Promise<void>;
}

/**
 * How long a loaded pop-up list counts as fresh: focusing the tab again within this time (a quick
 * switch back and forth) asks nothing; after it, focusing reloads the list.
 */
export const POPUP_FRESH_MS = 10_000;

/**
 * The notice pop-up's state (spec 4). The server's read counts decide what is unread, so the list
 * is loaded on every page load and again when the tab regains focus: a notice published while a
 * tab is open shows on its next focus or reload. A newer list is taken only while no dialog is
 * open (stepping through notices is never interrupted). Failures to load are only logged.
 */
export function usePopupNotices(user: { account: string; name: string }): PopupNoticesState {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<Notice[] | null>(null);
  const [takenAt, setTakenAt] = useState(0);
  const [index, setIndex] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Notices recorded as read since the last reload: a list loaded while a read was being saved
  // may still count them as unread, and must not bring them back.
  const [confirmed] = useState(() => new Set<string>());

  const query = useQuery({
    queryKey: [...noticeKeys.all, 'popup'],
    queryFn: () => findNoticeAll(POPUP_QUERY),
    staleTime: POPUP_FRESH_MS,
    refetchOnWindowFocus: true,
  });
  if (query.error) console.warn('[notices] failed to load pop-up notices', query.error);

  const open = queue !== null && index < queue.length;
  if (!open && query.data && query.dataUpdatedAt > takenAt) {
    const selected = selectPopupNotices(
      query.data.edges.map((e) => e.node).filter((n) => !confirmed.has(n.id)),
      new Date(),
    );
    setTakenAt(query.dataUpdatedAt);
    setQueue(selected);
    setIndex(0);
  }

  const current = queue && index < queue.length ? queue[index]! : null;
  const total = queue?.length ?? 0;

  const confirm = useCallback(async () => {
    if (!current || confirming) return;
    setConfirming(true);
    setError(null);
    try {
      await saveNoticeReadEntity({ notice_id: current.id, read_user_id: user.account, read_user_name: user.name });
      confirmed.add(current.id);
      const next = index + 1;
      setIndex(next);
      if (queue && next >= queue.length) {
        // The reload starts after every read was saved (a load in flight is cancelled), so from
        // its answer on the server's counts hold again: a daily notice may come back tomorrow.
        await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
        confirmed.clear();
      }
    } catch (err) {
      setError(
        err instanceof RequestError
          ? pick(err.message, err.messageEn)
          : err instanceof Error
            ? err.message
            : String(err),
      );
    } finally {
      setConfirming(false);
    }
  }, [current, confirming, confirmed, index, queue, queryClient, user.account, user.name]);

  return {
    open: current !== null,
    current,
    title: current ? pick(current.title, current.title_en) : '',
    content: current ? pick(current.content, current.content_en) : '',
    step: index + 1,
    total,
    confirmText: popupConfirmText(currentLanguage(), Math.min(index + 1, Math.max(total, 1)), total),
    confirming,
    error,
    confirm,
  };
}
