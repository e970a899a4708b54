import { Button, Modal } from 'antd-mobile';
import { NoticeContent } from '../../../components/NoticeContent.tsx';
import { usePopupNotices } from '../../../features/notices/usePopupNotices.ts';

/** The notice pop-up of the mobile pages (spec 4): steps through unread pop-up notices. */
export function NoticePopup({ account, name }: { account: string; name: string }) {
  const popup = usePopupNotices({ account, name });
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
