import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { RequestError } from '../../lib/graphql.ts';
import { currentLanguage, pick } from '../../lib/i18n.ts';
import { findNoticeAll } from './api/findNoticeAll.ts';
import { saveNoticeReadEntity } from './api/saveNoticeReadEntity.ts';
import { noticeKeys, type Notice } from './api/types.ts';
import { POPUP_QUERY, POPUP_SHOWN_KEY, popupConfirmText, selectPopupNotices } from './popup.ts';

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

function alreadyShown(): boolean {
  try {
    return window.sessionStorage.getItem(POPUP_SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

function markShown(): void {
  try {
    window.sessionStorage.setItem(POPUP_SHOWN_KEY, '1');
  } catch {
    // storage unavailable (private mode): the pop-up may show again on the next page load
  }
}

/**
 * The notice pop-up's state (spec 4), once per visit: the first pc or mobile page of a browser
 * session loads the pop-up notices, keeps the unread ones and steps through them. Failures to
 * load are only logged.
 */
export function usePopupNotices(user: { account: string; name: string }): PopupNoticesState {
  const queryClient = useQueryClient();
  const [enabled] = useState(() => !alreadyShown());
  const [queue, setQueue] = useState<Notice[] | null>(null);
  const [index, setIndex] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const query = useQuery({
    queryKey: [...noticeKeys.all, 'popup'],
    queryFn: () => findNoticeAll(POPUP_QUERY),
    enabled,
    staleTime: Infinity,
  });
  if (query.error) console.warn('[notices] failed to load pop-up notices', query.error);

  // The queue is taken once from the first answer; later reloads do not reopen the dialog.
  if (enabled && queue === null && query.data) {
    const selected = selectPopupNotices(
      query.data.edges.map((e) => e.node),
      new Date(),
    );
    markShown();
    setQueue(selected);
  }

  const current = queue && index < queue.length ? queue[index]! : null;
  const total = queue?.length ?? 0;

  const confirm = useCallback(async () => {
    if (!current || confirming) return;
    setConfirming(true);
    setError(null);
    try {
      await saveNoticeReadEntity({ notice_id: current.id, read_user_id: user.account, read_user_name: user.name });
      const next = index + 1;
      setIndex(next);
      if (queue && next >= queue.length) await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
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
  }, [current, confirming, index, queue, queryClient, user.account, user.name]);

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
