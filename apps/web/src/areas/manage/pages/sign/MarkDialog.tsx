import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useUpdateAppointmentPerformState,
  type PerformMark,
} from '../../../../features/checkin/api/updateAppointmentPerformState.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';
import { errorText } from '../../operation-result.ts';
import { signSummary } from './signText.ts';

const MAX_REASON = 500;

export interface MarkRequest {
  mark: PerformMark;
  sign: AppointmentSign;
}

/**
 * Marks a booking performed or a no-show, with the staff's note: required for a no-show (it
 * may put the booker on the blacklist), optional otherwise; at most 500 characters. A refusal
 * stays in the dialog with its reason.
 */
export function MarkDialog({ request, onClose }: { request: MarkRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const [error, setError] = useState<string | null>(null);
  const mark = useUpdateAppointmentPerformState();
  const missed = request?.mark === 'missed';
  const label = t('checkinAdmin.field.reason');

  const close = () => {
    setError(null);
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    if (!request) return;
    const { reason = '' } = await form.validateFields();
    setError(null);
    try {
      await mark.mutateAsync({ id: request.sign.id, mark: request.mark, reason });
      void message.success(t(missed ? 'checkinAdmin.message.markedMissed' : 'checkinAdmin.message.markedPerformed'));
      close();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Modal
      open={request !== null}
      title={t(missed ? 'checkinAdmin.dialog.missedTitle' : 'checkinAdmin.dialog.performedTitle')}
      okText={t(missed ? 'checkinAdmin.action.markMissed' : 'checkinAdmin.action.markPerformed')}
      cancelText={t('checkinAdmin.action.cancel')}
      okButtonProps={{ danger: missed, loading: mark.isPending }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      forceRender
    >
      {request ? <Typography.Paragraph>{signSummary(t, request.sign)}</Typography.Paragraph> : null}
      <Typography.Paragraph type="secondary">
        {t(missed ? 'checkinAdmin.dialog.missedHint' : 'checkinAdmin.dialog.performedHint')}
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" name="signMark">
        <Form.Item
          name="reason"
          label={label}
          rules={[
            ...(missed
              ? [{ required: true, whitespace: true, message: t('checkinAdmin.message.required', { field: label }) }]
              : []),
            { max: MAX_REASON, message: t('checkinAdmin.message.tooLong', { field: label, max: MAX_REASON }) },
          ]}
        >
          <Input.TextArea
            rows={3}
            showCount
            maxLength={MAX_REASON}
            placeholder={t(
              missed ? 'checkinAdmin.placeholder.missedReason' : 'checkinAdmin.placeholder.performedReason',
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
