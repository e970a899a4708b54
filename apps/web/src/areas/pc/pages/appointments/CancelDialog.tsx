import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../features/booking/result.ts';

/**
 * Asks for the cancel reason (required by the server) and runs the cancellation; a refusal
 * stays in the dialog with its reason.
 */
export function CancelDialog({
  open,
  title,
  description,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  description?: string;
  onCancel: () => void;
  /** Resolves when done; a rejection is shown in the dialog. */
  onConfirm: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open={open}
      title={title}
      okText={t('pcBooking.mine.confirmCancel')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('pcBooking.mine.keep')}
      onCancel={onCancel}
      destroyOnHidden
      onOk={async () => {
        let reason: string;
        try {
          reason = (await form.validateFields()).reason.trim();
        } catch {
          return;
        }
        setBusy(true);
        setError(null);
        try {
          await onConfirm(reason);
        } catch (err) {
          setError(errorText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {description ? <Typography.Paragraph>{description}</Typography.Paragraph> : null}
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('pcBooking.mine.reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('pcBooking.form.required', { label: t('pcBooking.mine.reason') }),
            },
            { max: 200, message: t('pcBooking.mine.reasonTooLong', { max: 200 }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('pcBooking.mine.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
