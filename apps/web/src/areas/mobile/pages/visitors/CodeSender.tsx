import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../features/booking/result.ts';
import { useSendVisitorVerificationCode } from '../../../../features/visitors/api/sendVisitorVerificationCode.ts';
import { CODE_COOLDOWN_S, useCountdown } from './useCountdown.ts';

/**
 * Asking for a one-time code to a phone (registration, password reset): the request, the
 * cool-down before another, and the number the last code went to.
 */
export function useOneTimeCode(tenantKey: string, purpose?: 'resetPassword') {
  const [until, setUntil] = useState<number | null>(null);
  const [sentTo, setSentTo] = useState('');
  const left = useCountdown(until);
  const send = useSendVisitorVerificationCode();
  const request = (phone: string) =>
    send.mutate(
      { phone, tenantKey, ...(purpose ? { purpose } : {}) },
      {
        onSuccess: () => {
          setUntil(Date.now() + CODE_COOLDOWN_S * 1000);
          setSentTo(phone);
        },
      },
    );
  return { left, send, sentTo, request };
}

type OneTimeCode = ReturnType<typeof useOneTimeCode>;

/** The send-code button next to the phone input: disabled while counting down or sending. */
export function CodeButton({ code, onClick }: { code: OneTimeCode; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      disabled={code.left > 0 || code.send.isPending}
      loading={code.send.isPending}
      onClick={onClick}
    >
      {code.left > 0 ? t('visitors.register.resendIn', { s: code.left }) : t('visitors.register.sendCode')}
    </Button>
  );
}

/** Under the phone input: why the code could not be sent, or that it was. */
export function CodeStatus({ code, sentText }: { code: OneTimeCode; sentText: string }) {
  if (code.send.error) {
    return (
      <p className="yy-m-error-text yy-v-send-error" role="alert">
        {errorText(code.send.error)}
      </p>
    );
  }
  return code.sentTo ? (
    <p className="yy-m-muted yy-v-hint" role="status">
      {sentText}
    </p>
  ) : null;
}
