import { Alert, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../features/booking/result.ts';
import {
  useUpdateAppointmentPerformState,
  type PerformMark,
} from '../../../../features/checkin/api/updateAppointmentPerformState.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';
import { pick } from '../../../../lib/i18n.ts';

/**
 * Staff mark a booking honoured (performed; also corrects a no-show) or missed (no-show: its slot
 * is freed and it counts towards the blacklist rule), with an optional note. A refusal shows the
 * server's reason in the dialog.
 */
export function MarkDialog({
  sign,
  mark,
  onClose,
  onDone,
}: {
  sign: AppointmentSign;
  mark: PerformMark;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const update = useUpdateAppointmentPerformState();
  const who = sign.appointment_user_name || sign.appointment_user;

  const ok = async () => {
    setError('');
    try {
      const r = await update.mutateAsync({ id: sign.id, mark, reason: remark });
      onDone(pick(r.msg, r.msg_en));
    } catch (err) {
      setError(errorText(err));
    }
  };

  const title = t(
    mark === 'missed'
      ? 'checkin.mark.missed'
      : sign.appointment_state === '2'
        ? 'checkin.mark.correct'
        : 'checkin.mark.performed',
  );
  return (
    <Modal
      open
      title={title}
      okText={title}
      okButtonProps={{ danger: mark === 'missed', loading: update.isPending }}
      cancelText={t('checkin.mark.keep')}
      onOk={() => void ok()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t(mark === 'missed' ? 'checkin.mark.missedConfirm' : 'checkin.mark.performedConfirm', { name: who })}
      </Typography.Paragraph>
      <label htmlFor="yy-pc-mark-remark">{t('checkin.mark.remark')}</label>
      <Input.TextArea
        id="yy-pc-mark-remark"
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        placeholder={t('checkin.mark.remarkPlaceholder')}
        maxLength={500}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        style={{ marginTop: 6 }}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
