import { lazy, Suspense } from 'react';
import { usePopupNotices } from '../../../features/notices/usePopupNotices.ts';

const NoticePopupModal = lazy(() => import('./NoticePopupModal.tsx'));

/**
 * The notice pop-up of the mobile pages (spec 4): steps through unread pop-up notices. The
 * dialog's code loads only when there is something to show, keeping it off the first download.
 */
export function NoticePopup({ account, name }: { account: string; name: string }) {
  const popup = usePopupNotices({ account, name });
  if (!popup.open) return null;
  return (
    <Suspense fallback={null}>
      <NoticePopupModal popup={popup} />
    </Suspense>
  );
}
