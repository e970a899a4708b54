import { Button, Modal } from 'antd-mobile';
import { NoticeContent } from '../../../components/NoticeContent.tsx';
import type { PopupNoticesState } from '../../../features/notices/usePopupNotices.ts';

/** The pop-up dialog itself: loaded only when there is a notice to show. */
export default function NoticePopupModal({ popup }: { popup: PopupNoticesState }) {
  return (
    <Modal
      visible={popup.open}
      title={popup.title}
      closeOnMaskClick={false}
      content={
        <>
          <div className="yy-notice-popup-body">
            <NoticeContent html={popup.content} />
          </div>
          {popup.error && (
            <p role="alert" className="yy-notice-popup-error">
              {popup.error}
            </p>
          )}
          <Button
            block
            color="primary"
            loading={popup.confirming}
            onClick={() => void popup.confirm()}
            className="yy-notice-popup-confirm"
          >
            {popup.confirmText}
          </Button>
        </>
      }
    />
  );
}
