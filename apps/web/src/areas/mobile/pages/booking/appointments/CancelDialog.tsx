import { Button, Popup, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../../features/booking/result.ts';

/**
 * Asks for the reason of a cancel (required) and runs it; a refusal stays in the sheet with
 * the server's reason.
 */
export default function CancelDialog({
  title,
  hint,
  onConfirm,
  onClose,
}: {
  title: string;
  hint?: string;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    const value = reason.trim();
    if (!value) {
      setError(t('booking.cancel.reasonRequired'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onConfirm(value);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup
      visible
      onMaskClick={busy ? undefined : onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className="yy-m-popup-body" role="dialog" aria-label={title}>
        <h2>{title}</h2>
        {hint && <p className="yy-m-muted">{hint}</p>}
        <div className="yy-m-field" style={{ marginTop: 12 }}>
          <label htmlFor="yy-m-cancel-reason" className="yy-m-required">
            {t('booking.cancel.reason')}
          </label>
          <TextArea
            id="yy-m-cancel-reason"
            value={reason}
            onChange={(v) => {
              setReason(v);
              if (v.trim()) setError('');
            }}
            rows={3}
            maxLength={500}
            placeholder={t('booking.cancel.reasonHint')}
          />
          {error && (
            <p className="yy-m-error-text" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="yy-m-filter-actions" style={{ padding: 0, border: 0 }}>
          <Button block disabled={busy} onClick={onClose}>
            {t('booking.cancel.keep')}
          </Button>
          <Button block color="danger" loading={busy} onClick={() => void confirm()}>
            {t('booking.cancel.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
