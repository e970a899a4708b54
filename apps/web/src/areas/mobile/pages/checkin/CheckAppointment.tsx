import { Button, Skeleton, Tag } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useDocumentTitle } from '../../../../components/RouteTitle.tsx';
import { bookingDate } from '../../../../features/booking/dates.ts';
import { currentUser, type SignedInUser } from '../../../../features/auth/auth.ts';
import { useAppointmentSignInfo } from '../../../../features/checkin/api/findAppointmentSignInfo.ts';
import { usePublicAppointmentCheck } from '../../../../features/public-booking/api/findPublicAppointmentCheck.ts';
import type { PublicAppointmentCheck } from '../../../../features/public-booking/types.ts';
import { tenantKeyOf, verdictKind, type VerdictKind } from '../../../../features/public-booking/view.ts';
import { pick } from '../../../../lib/i18n.ts';
import { LoadFailed } from '../../components/LoadState.tsx';
import { PublicPage } from '../public-booking/PublicPage.tsx';
import { BookingCard } from './BookingCard.tsx';
import './checkin.css';

function VerdictIcon({ kind }: { kind: VerdictKind }) {
  return (
    <svg className="yy-mc-verdict-icon" viewBox="0 0 64 64" aria-hidden>
      <circle cx="32" cy="32" r="30" fill="currentColor" />
      {kind === 'valid' && (
        <path
          d="M19 33l9 9 17-19"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
      {kind === 'invalid' && <path d="M22 22l20 20M42 22 22 42" stroke="#fff" strokeWidth="5" strokeLinecap="round" />}
      {kind === 'pending' && (
        <path
          d="M32 18v15l9 6"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

/** The signed-in user, read once (this open page has no session of its own); null when nobody is. */
function useSignedInUser(): SignedInUser | null | undefined {
  const [user, setUser] = useState<SignedInUser | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void currentUser().then((u) => alive && setUser(u));
    return () => {
      alive = false;
    };
  }, []);
  return user;
}

/** "HH:mm" of a wall time, with its date when that is not the booking's date. */
function shortTime(text: string, date: string): string {
  return text.startsWith(date) ? text.slice(11, 16) : text.slice(0, 16);
}

/** The verdict and what a door needs to see: resource, date and time, admission, masked booker. */
function CheckView({ check, chartPath }: { check: PublicAppointmentCheck; chartPath: string }) {
  const { t } = useTranslation();
  const kind = verdictKind(check.verdict);
  const date = bookingDate(check.appointment_date);
  return (
    <>
      <section className={`yy-m-card yy-mc-verdict is-${kind}`} role="status" aria-live="polite">
        <VerdictIcon kind={kind} />
        <h1>{t(`publicBooking.check.heading.${kind}`)}</h1>
        <p className="yy-m-muted" data-verdict={check.verdict}>
          {t(`publicBooking.check.verdict.${check.verdict}`, { time: shortTime(check.entry_start, date) })}
        </p>
      </section>
      <section className="yy-m-card" aria-label={t('publicBooking.check.title')}>
        <dl className="yy-m-info">
          <dt>{t('publicBooking.check.resource')}</dt>
          <dd>{pick(check.resources_name, check.resources_name_en)}</dd>
          <dt>{t('publicBooking.check.date')}</dt>
          <dd>{date}</dd>
          <dt>{t('publicBooking.check.time')}</dt>
          <dd>
            {check.start_time}-{check.end_time}
          </dd>
          <dt>{t('publicBooking.check.entry')}</dt>
          <dd>
            {shortTime(check.entry_start, date)}-{shortTime(check.entry_end, date)}
          </dd>
          <dt>{t('publicBooking.check.booker')}</dt>
          <dd>{check.appointment_user_name}</dd>
          <dt>{t('publicBooking.check.sign')}</dt>
          <dd>
            <Tag color={check.sign_state === '1' ? 'success' : 'default'} fill="outline">
              {t(`publicBooking.check.signState.${check.sign_state}`, { defaultValue: '—' })}
            </Tag>
          </dd>
        </dl>
        <p className="yy-m-muted yy-pb-foot">
          {t('publicBooking.check.checkedAt', { time: check.checked_at.slice(0, 16) })}
          <br />
          {t('publicBooking.check.privacy')}
        </p>
        <Link className="yy-pb-link" to={chartPath}>
          {t('publicBooking.check.chart')}
        </Link>
      </section>
    </>
  );
}

/** For a signed-in booker or resource administrator: the full check-in record, as before. */
function FullRecord({ id }: { id: string }) {
  const info = useAppointmentSignInfo(id);
  return info.data ? <BookingCard sign={info.data} /> : null;
}

/**
 * Booking check (`/mobile/checkAppointment/{id}`, an open route): whether a booking admits its
 * holder now — valid, not yet, or not valid (expired, cancelled, rejected, terminated, no-show)
 * — with its resource, time and the booker's masked name, read from the public endpoint
 * without sign-in. A signed-in booker or administrator of the resource also sees the full
 * check-in record. `?tenantKey=` names the tenant of a shared link.
 */
export default function CheckAppointment() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const tenantKey = tenantKeyOf(location.search);
  const user = useSignedInUser();
  const query = usePublicAppointmentCheck(id, tenantKey);
  useDocumentTitle('route.mobile.checkAppointment');
  const chartPath = `/mobile/appointmentGragh/${query.data?.resources_id ?? ''}${location.search}`;

  let body;
  if (query.isPending) {
    body = (
      <div className="yy-m-card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  } else if (query.error || !query.data) {
    body = <LoadFailed error={query.error ?? t('publicBooking.check.notFound')} onRetry={() => void query.refetch()} />;
  } else {
    body = (
      <>
        <CheckView check={query.data} chartPath={chartPath} />
        {user && <FullRecord id={id} />}
        <div className="yy-pb-actions">
          <Button size="small" fill="outline" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('publicBooking.check.refresh')}
          </Button>
        </div>
      </>
    );
  }

  return <PublicPage title={t('publicBooking.check.title')}>{body}</PublicPage>;
}
