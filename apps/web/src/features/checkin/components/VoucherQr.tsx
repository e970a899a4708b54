import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingDate } from '../../booking/dates.ts';
import { useAppointmentSignCode } from '../api/findAppointmentSignCode.ts';
import { useAppointmentSignInfo } from '../api/findAppointmentSignInfo.ts';
import { useCheckinTexts } from '../texts.ts';
import { shortWallTime, signUse, signVerdict, windowPhase } from '../signs.ts';
import { CodeQr } from './CodeQr.tsx';
import { SignInfoFailed, VerdictTag } from './SignInfo.tsx';
import { useNow } from './useNow.ts';
import './checkin.css';

/** While a voucher is on screen its booking is read this often, to see staff scan it. */
const POLL_MS = 5_000;

/**
 * A booking's voucher QR code (spec 2.6, "voucher" tab of the appointment detail): the booker
 * shows it to staff, who scan it to check the booking in or out. Single use and valid 300 s, so
 * it is fetched again before it expires (a countdown shows how long it has) and after each scan.
 * When the booking cannot use one (checked in, no-show, cancelled...) its state says why.
 */
export function VoucherQr({ appointmentId }: { appointmentId: string }) {
  const ready = useCheckinTexts(['common', 'voucher']);
  const { t } = useTranslation();
  const info = useAppointmentSignInfo(appointmentId, POLL_MS);
  const now = useNow(15_000);
  const sign = info.data;
  const use = sign ? signUse(sign, now) : null;
  const code = useAppointmentSignCode(appointmentId, use !== null);

  // A scan uses the voucher up: when the booking's state changes, fetch a fresh one.
  const seen = useRef<string | null>(null);
  const { refetch } = code;
  useEffect(() => {
    const state = sign ? `${sign.sign_state}|${sign.sign_in_time}|${sign.sign_out_time}` : null;
    if (seen.current !== null && state !== seen.current && use !== null) void refetch();
    seen.current = state;
  }, [sign, use, refetch]);

  if (!ready || info.isPending) return <div className="yy-ci yy-ci-placeholder" aria-busy="true" />;
  if (!sign) {
    return <SignInfoFailed query={info} className="yy-ci yy-ci-qr" />;
  }
  const verdict = signVerdict(sign, now);
  if (!use) {
    return (
      <div className="yy-ci yy-ci-qr">
        <VerdictTag verdict={verdict} />
        <p className="yy-ci-muted">{t(`checkin.voucher.none.${verdict}`)}</p>
      </div>
    );
  }
  const phase = windowPhase(sign, now);
  const day = bookingDate(sign.appointment_date);
  return (
    <div className="yy-ci">
      <CodeQr
        query={code}
        alt={t('checkin.voucher.alt')}
        caption={
          <>
            <strong>{t(use === 'in' ? 'checkin.voucher.showIn' : 'checkin.voucher.showOut')}</strong>
            {use === 'in' && phase === 'before' && (
              <p className="yy-ci-muted">
                {t('checkin.voucher.opensAt', { start: shortWallTime(sign.sign_in_start, day) })}
              </p>
            )}
            {use === 'in' && phase === 'open' && (
              <p className="yy-ci-muted">
                {t('checkin.voucher.openUntil', { end: shortWallTime(sign.sign_in_end, day) })}
              </p>
            )}
            {use === 'out' && sign.sign_out_end && (
              <p className="yy-ci-muted">
                {t('checkin.info.signOutBy', { end: shortWallTime(sign.sign_out_end, day) })}
              </p>
            )}
          </>
        }
      />
    </div>
  );
}
