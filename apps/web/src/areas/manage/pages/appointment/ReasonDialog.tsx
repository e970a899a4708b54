import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApproveAppointment } from '../../../../features/appointments-admin/api/approveAppointment.ts';
import { useRejectAppointment } from '../../../../features/appointments-admin/api/rejectAppointment.ts';
import { useTerminateAppointment } from '../../../../features/appointments-admin/api/terminateAppointment.ts';
import { useCancelAppointment } from '../../../../features/appointments-admin/api/updateAppointmentInformationState.ts';
import type { AdminAppointment } from '../../../../features/appointments-admin/types.ts';
import { errorText } from '../../operation-result.ts';
import { bookingSummary } from './BookingStatus.tsx';

/** The decisions taken with a reason: rejecting and cancelling need one, approving and terminating take one. */
export type ReasonKind = 'approve' | 'reject' | 'cancel' | 'terminate';

const REQUIRED: Record<ReasonKind, boolean> = { approve: false, reject: true, cancel: true, terminate: false };
const MAX_REASON = 500;

const TEXT: Record<ReasonKind, { title: string; ok: string; label: string; placeholder: string; done: string }> = {
  approve: {
    title: 'appointments.dialog.approveTitle',
    ok: 'appointments.action.approve',
    label: 'appointments.field.opinion',
    placeholder: 'appointments.placeholder.opinion',
    done: 'appointments.message.approved',
  },
  reject: {
    title: 'appointments.dialog.rejectTitle',
    ok: 'appointments.action.reject',
    label: 'appointments.field.reason',
    placeholder: 'appointments.placeholder.rejectReason',
    done: 'appointments.message.rejected',
  },
  cancel: {
    title: 'appointments.dialog.cancelTitle',
    ok: 'appointments.action.cancelBooking',
    label: 'appointments.field.reason',
    placeholder: 'appointments.placeholder.cancelReason',
    done: 'appointments.message.cancelled',
  },
  terminate: {
    title: 'appointments.dialog.terminateTitle',
    ok: 'appointments.action.terminate',
    label: 'appointments.field.reason',
    placeholder: 'appointments.placeholder.terminateReason',
    done: 'appointments.message.terminated',
  },
};

export interface ReasonRequest {
  kind: ReasonKind;
  booking: AdminAppointment;
}

/**
 * Approve, reject, cancel or terminate one booking with a reason (validated: required where the
 * server requires one, at most 500 characters). A refusal stays in the dialog with its reason.
 */
export function ReasonDialog({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const [error, setError] = useState<string | null>(null);
  const approve = useApproveAppointment();
  const reject = useRejectAppointment();
  const cancel = useCancelAppointment();
  const terminate = useTerminateAppointment();
  const pending = approve.isPending || reject.isPending || cancel.isPending || terminate.isPending;
  const kind = request?.kind ?? 'approve';
  const text = TEXT[kind];
  const label = t(text.label);

  const close = () => {
    setError(null);
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    if (!request) return;
    const { reason = '' } = await form.validateFields();
    const id = request.booking.id;
    setError(null);
    try {
      if (kind === 'approve') await approve.mutateAsync({ id, reason });
      else if (kind === 'reject') await reject.mutateAsync({ id, reason });
      else if (kind === 'cancel') await cancel.mutateAsync({ id, reason });
      else await terminate.mutateAsync({ id, reason });
      void message.success(t(text.done));
      close();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Modal
      open={request !== null}
      title={t(text.title)}
      okText={t(text.ok)}
      cancelText={t('appointments.action.cancel')}
      okButtonProps={{ danger: kind === 'reject' || kind === 'cancel', loading: pending }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      forceRender
    >
      {request ? (
        <Typography.Paragraph type="secondary">{bookingSummary(t, request.booking)}</Typography.Paragraph>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" name="bookingReason">
        <Form.Item
          name="reason"
          label={label}
          rules={[
            ...(REQUIRED[kind]
              ? [{ required: true, whitespace: true, message: t('appointments.message.required', { field: label }) }]
              : []),
            { max: MAX_REASON, message: t('appointments.message.tooLong', { field: label, max: MAX_REASON }) },
          ]}
        >
          <Input.TextArea rows={3} showCount maxLength={MAX_REASON} placeholder={t(text.placeholder)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
