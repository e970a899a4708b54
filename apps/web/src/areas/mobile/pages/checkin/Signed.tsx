import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { bookingDate } from '../../../../features/booking/dates.ts';
import { useAppointmentSignInfo } from '../../../../features/checkin/api/findAppointmentSignInfo.ts';
import { SignInfoView } from '../../../../features/checkin/components/SignInfo.tsx';
import { useNow } from '../../../../features/checkin/components/useNow.ts';
import { checkinPaths } from '../../../../features/checkin/paths.ts';
import { shortWallTime } from '../../../../features/checkin/signs.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Empty, LoadFailed } from '../../components/LoadState.tsx';
import { PageNav } from '../../components/PageNav.tsx';
import '../booking/booking.css';
import './checkin.css';

function Tick() {
  return (
    <svg className="yy-mc-success-icon" viewBox="0 0 72 72" aria-hidden>
      <circle cx="36" cy="36" r="34" fill="currentColor" opacity="0.12" />
      <circle cx="36" cy="36" r="26" fill="currentColor" />
      <path
        d="M24 37l8 8 16-17"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Check-in success (`/mobile/signed?id=<booking>&type=in|out`): what was checked in (or out),
 * when, and the booking's check-in record, read from the server (a booking that is not checked
 * in is shown as it is, never as a success).
 */
export default function Signed() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const out = params.get('type') === 'out';
  const query = useAppointmentSignInfo(id);
  const now = useNow(30_000);
  const sign = query.data;

  let body;
  if (!id) {
    body = <Empty title={t('checkin.signed.noBooking')} />;
  } else if (query.isPending) {
    body = (
      <div className="yy-m-card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  } else if (query.error) {
    body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!sign) {
    body = <Empty title={t('checkin.info.notFound')} />;
  } else {
    const done = out ? sign.sign_out_time !== '' : sign.sign_in_time !== '';
    const at = out ? sign.sign_out_time : sign.sign_in_time;
    body = (
      <>
        {done ? (
          <div className="yy-mc-success" role="status">
            <Tick />
            <h1>{t(out ? 'checkin.result.outOk' : 'checkin.result.inOk')}</h1>
            <p className="yy-m-muted">{t('checkin.signed.at', { time: shortWallTime(at) })}</p>
          </div>
        ) : (
          <Empty title={t(out ? 'checkin.signed.notOut' : 'checkin.signed.notIn')} />
        )}
        <section className="yy-m-card" aria-label={t('checkin.signed.booking')}>
          <h2>{pick(sign.resources_name, sign.resources_name_en)}</h2>
          <p className="yy-m-muted" style={{ marginBottom: 12 }}>
            {bookingDate(sign.appointment_date)} {sign.start_time}-{sign.end_time}
          </p>
          <SignInfoView sign={sign} now={now} />
        </section>
        <div className="yy-m-actions">
          <Button fill="outline" onClick={() => navigate(checkinPaths.mobileAppointmentDetail(sign.id))}>
            {t('checkin.signed.viewBooking')}
          </Button>
          <Button color="primary" onClick={() => navigate(checkinPaths.mobileHome)}>
            {t('checkin.signed.home')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="yy-m-page">
      <PageNav title={t(out ? 'checkin.signed.titleOut' : 'checkin.signed.title')} fallback={checkinPaths.mobileHome} />
      {body}
    </div>
  );
}
