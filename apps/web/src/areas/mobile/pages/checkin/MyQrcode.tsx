import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { bookingDate } from '../../../../features/booking/dates.ts';
import { useAppointmentsForAccount } from '../../../../features/booking/api/findAppointmentInformationAllForAccount.ts';
import { todayIso } from '../../../../features/booking/dates.ts';
import { BanNotice } from '../../../../features/checkin/components/BanNotice.tsx';
import { useNow } from '../../../../features/checkin/components/useNow.ts';
import { VoucherQr } from '../../../../features/checkin/components/VoucherQr.tsx';
import { checkinPaths } from '../../../../features/checkin/paths.ts';
import { currentVouchers, voucherQuery } from '../../../../features/checkin/vouchers.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Empty, LoadFailed } from '../../components/LoadState.tsx';
import { PageNav } from '../../components/PageNav.tsx';
import '../booking/booking.css';
import './checkin.css';

/**
 * My check-in codes (`/mobile/myQrcode`): the vouchers of the user's confirmed bookings of
 * today and the coming week, soonest first. Staff scan the one shown to check it in or out; it
 * is renewed before it expires.
 */
export default function MyQrcode() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow(60_000);
  const query = useAppointmentsForAccount(voucherQuery(todayIso(now)));
  const list = currentVouchers(query.data?.edges.map((e) => e.node) ?? [], now);
  const [picked, setPicked] = useState<string | null>(null);
  const current = list.find((a) => a.id === picked) ?? list[0];

  let body;
  if (query.isPending) {
    body = (
      <div className="yy-m-card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  } else if (query.error) {
    body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!current) {
    body = (
      <Empty title={t('checkin.my.none')} description={t('checkin.my.noneHint')}>
        <Button size="small" color="primary" onClick={() => navigate(checkinPaths.mobileHome)}>
          {t('checkin.my.book')}
        </Button>
      </Empty>
    );
  } else {
    body = (
      <>
        {list.length > 1 && (
          <div className="yy-mc-tabs" role="tablist" aria-label={t('checkin.my.pick')}>
            {list.map((a) => (
              <button
                key={a.id}
                type="button"
                role="tab"
                className="yy-mc-chip"
                aria-selected={a.id === current.id}
                onClick={() => setPicked(a.id)}
              >
                {bookingDate(a.appointment_date).slice(5)} {a.start_time} {pick(a.resources_name, a.resources_name_en)}
              </button>
            ))}
          </div>
        )}
        <section
          className="yy-m-card"
          role="tabpanel"
          aria-label={pick(current.resources_name, current.resources_name_en)}
        >
          <div className="yy-mc-booking-head" style={{ marginBottom: 12 }}>
            <div>
              <h2>{pick(current.resources_name, current.resources_name_en)}</h2>
              <p className="yy-m-muted">
                {bookingDate(current.appointment_date)} {current.start_time}-{current.end_time}
              </p>
            </div>
            <Button
              size="mini"
              fill="none"
              color="primary"
              onClick={() => navigate(checkinPaths.mobileAppointmentDetail(current.id))}
            >
              {t('checkin.my.detail')}
            </Button>
          </div>
          <VoucherQr key={current.id} appointmentId={current.id} />
        </section>
      </>
    );
  }

  return (
    <div className="yy-m-page">
      <PageNav title={t('checkin.my.title')} fallback={checkinPaths.mobileHome} />
      <BanNotice className="yy-mc-ban" />
      {body}
      <section className="yy-m-card">
        <p className="yy-m-muted">{t('checkin.my.scanHint')}</p>
        <Button
          size="small"
          fill="none"
          color="primary"
          onClick={() => navigate(checkinPaths.scanner())}
          style={{ paddingLeft: 0 }}
        >
          {t('checkin.my.toScanner')}
        </Button>
      </section>
    </div>
  );
}
