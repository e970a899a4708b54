import { Button, Popup, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../features/booking/result.ts';

/**
 * Asks for a reason (required) and runs the action with it (a cancel, a rejection); a refusal
 * stays in the sheet with the server's reason.
 */
export default function ReasonSheet({
  title,
  label,
  confirmText,
  onConfirm,
  onClose,
}: {
  title: string;
  label: string;
  confirmText: string;
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
      setError(t('visitors.error.reason'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onConfirm(value);
    } catch (err) {
      setError(errorText(err));
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
      <div className="yy-m-popup-body yy-v-sheet" role="dialog" aria-label={title}>
        <h2>{title}</h2>
        <div className="yy-m-field">
          <label htmlFor="yy-v-reason-input" className="yy-m-required">
            {label}
          </label>
          <TextArea
            id="yy-v-reason-input"
            value={reason}
            onChange={(v) => {
              setReason(v);
              if (v.trim()) setError('');
            }}
            rows={3}
            maxLength={200}
          />
          {error && (
            <p className="yy-m-error-text" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="yy-v-row-actions">
          <Button block disabled={busy} onClick={onClose}>
            {t('visitors.detail.back')}
          </Button>
          <Button block color="danger" loading={busy} onClick={() => void confirm()}>
            {confirmText}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
