import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticeContent } from '../../../components/NoticeContent.tsx';
import { usePopupNotices } from '../../../features/notices/usePopupNotices.ts';

/** The notice pop-up of the desktop pages (spec 4): steps through unread pop-up notices. */
export function NoticePopup({ account, name }: { account: string; name: string }) {
  const { t } = useTranslation();
  const popup = usePopupNotices({ account, name });
  return (
    <Modal
      open={popup.open}
      title={popup.title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={720}
      centered
      footer={
        <Button type="primary" loading={popup.confirming} onClick={() => void popup.confirm()}>
          {popup.confirmText}
        </Button>
      }
      aria-label={t('notices.popup.label')}
    >
      <div className="yy-notice-popup-body">
        <NoticeContent html={popup.content} />
      </div>
      {popup.error && <Alert type="error" showIcon title={popup.error} />}
    </Modal>
  );
}
