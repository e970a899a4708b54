import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { bookingDate } from '../../../../../features/booking/dates.ts';
import { useAppointmentSignInfo } from '../../../../../features/checkin/api/findAppointmentSignInfo.ts';
import { SignInfoFailed, SignInfoView } from '../../../../../features/checkin/components/SignInfo.tsx';
import { useNow } from '../../../../../features/checkin/components/useNow.ts';
import { checkinPaths } from '../../../../../features/checkin/paths.ts';
import { shortWallTime, signUse, windowPhase } from '../../../../../features/checkin/signs.ts';
import { useCheckinTexts } from '../../../../../features/checkin/texts.ts';

/** The record is read again this often while the tab is open, to see a check-in done elsewhere. */
const POLL_MS = 15_000;

/**
 * The scan sign-in/out tab of the booking detail (spec 2.6): the booking's check-in state and
 * window, and the way to the scanner for this booking when it can be checked in or out now; before
 * the window opens, when it will.
 */
export function SignTab({ appointmentId }: { appointmentId: string }) {
  const ready = useCheckinTexts(['common', 'voucher']);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useAppointmentSignInfo(appointmentId, POLL_MS);
  // A minute is fine enough for a window given in minutes, and keeps the button in step with it.
  const now = useNow(30_000);
  const sign = info.data;
  if (!ready || info.isPending) return <div className="yy-ci yy-ci-placeholder" aria-busy="true" />;
  if (!sign) {
    return <SignInfoFailed query={info} />;
  }
  const use = signUse(sign, now);
  const phase = windowPhase(sign, now);
  const day = bookingDate(sign.appointment_date);
  const scan = (direction: 'in' | 'out') =>
    navigate(checkinPaths.scanner(direction === 'out' ? 'out' : undefined, sign.appointment_id));
  return (
    <div className="yy-m-sign-tab">
      <SignInfoView sign={sign} now={now} />
      {use === 'in' && phase === 'before' ? (
        <>
          <p className="yy-m-muted">{t('checkin.signTab.notYet', { start: shortWallTime(sign.sign_in_start, day) })}</p>
          <Button block color="primary" disabled>
            {t('checkin.signTab.scanIn')}
          </Button>
        </>
      ) : use === 'in' ? (
        <>
          <p className="yy-m-muted">{t('checkin.signTab.scanInHint', { end: shortWallTime(sign.sign_in_end, day) })}</p>
          <Button block color="primary" onClick={() => scan('in')}>
            {t('checkin.signTab.scanIn')}
          </Button>
        </>
      ) : use === 'out' ? (
        <>
          <p className="yy-m-muted">{t('checkin.signTab.scanOutHint')}</p>
          <Button block color="primary" onClick={() => scan('out')}>
            {t('checkin.signTab.scanOut')}
          </Button>
        </>
      ) : (
        <p className="yy-m-muted">{t('checkin.signTab.none')}</p>
      )}
    </div>
  );
}
