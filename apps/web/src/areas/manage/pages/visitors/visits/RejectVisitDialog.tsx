import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Asks the reason of a rejection (required, at most 500 characters). */
export function RejectVisitDialog({
  open,
  busy,
  onOk,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onOk: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={t('visitorsVisits.dialog.rejectTitle')}
      okText={t('visitorsVisits.action.reject')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('visitorsVisits.action.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={(v) => onOk(v.reason.trim())}>
        <Form.Item
          name="reason"
          label={t('visitorsVisits.field.rejectReason')}
          rules={[
            { required: true, whitespace: true, message: t('visitorsVisits.message.reasonRequired') },
            { max: 500, message: t('visitorsVisits.message.reasonTooLong') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
