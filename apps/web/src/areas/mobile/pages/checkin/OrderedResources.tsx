import { Input, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { todayIso } from '../../../../features/booking/dates.ts';
import { useAppointmentSignAll } from '../../../../features/checkin/api/findAppointmentSignAll.ts';
import { countsByResource, matchesName, type SignCounts } from '../../../../features/checkin/overview.ts';
import { checkinPaths } from '../../../../features/checkin/paths.ts';
import { useResourcesAll } from '../../../../features/resources/api/findResourcesAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Empty, LoadFailed } from '../../components/LoadState.tsx';
import { PageNav } from '../../components/PageNav.tsx';
import '../booking/booking.css';
import './checkin.css';

/** Longest list asked for at once (the server's limit for resources). */
const MAX_RESOURCES = 500;
const MAX_SIGNS = 200;

function Counts({ counts }: { counts: SignCounts | undefined }) {
  const { t } = useTranslation();
  if (!counts) return <span className="yy-mc-count">{t('checkin.overview.noneToday')}</span>;
  return (
    <>
      <span className="yy-mc-count">{t('checkin.overview.today', { n: counts.total })}</span>
      {counts['0'] > 0 && <span className="yy-mc-count">{t('checkin.overview.toCheckIn', { n: counts['0'] })}</span>}
      {counts['1'] + counts['2'] > 0 && (
        <span className="yy-mc-count">{t('checkin.overview.checkedIn', { n: counts['1'] + counts['2'] })}</span>
      )}
      {counts['3'] > 0 && <span className="yy-mc-count">{t('checkin.overview.noShow', { n: counts['3'] })}</span>}
    </>
  );
}

/**
 * Booking overview (`/mobile/ordered/resources`, administrators): the resources with today's
 * bookings and how many are checked in; pick one for its bookings and the voucher scanner.
 */
export default function OrderedResources() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const resources = useResourcesAll({ first: MAX_RESOURCES, offset: 0, filter: { state: { eq: '1' } } });
  const today = todayIso();
  const signs = useAppointmentSignAll({ first: MAX_SIGNS, offset: 0, appointmentDate: [today] });
  const complete = signs.data ? signs.data.edges.length >= signs.data.totalCount : false;
  const counts = countsByResource(signs.data?.edges.map((e) => e.node) ?? []);
  const list = (resources.data?.edges.map((e) => e.node) ?? []).filter((r) => matchesName(r, search));

  let body;
  if (resources.isPending) {
    body = (
      <div className="yy-m-card">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  } else if (resources.error) {
    body = <LoadFailed error={resources.error} onRetry={() => void resources.refetch()} />;
  } else if (!list.length) {
    body = <Empty title={t(search ? 'checkin.overview.noMatch' : 'checkin.overview.noResources')} />;
  } else {
    body = (
      <section className="yy-m-card" aria-label={t('checkin.overview.resources')}>
        <ul className="yy-mc-list">
          {list.map((r) => {
            const place = [pick(r.campus_name, r.campus_name_en), pick(r.building_name, r.building_name_en)]
              .filter(Boolean)
              .join(' · ');
            return (
              <li key={r.id}>
                <Link className="yy-mc-row" to={checkinPaths.orderedResource(r.id)}>
                  <span className="yy-mc-row-main">
                    <strong>{pick(r.resources_name, r.resources_name_en)}</strong>
                    <span className="yy-m-muted">
                      {[pick(r.resources_type_name, r.resources_type_name_en), place].filter(Boolean).join(' · ')}
                    </span>
                    {complete && (
                      <span className="yy-mc-counts">
                        <Counts counts={counts.get(r.id)} />
                      </span>
                    )}
                  </span>
                  <span className="yy-mc-row-side" aria-hidden>
                    ›
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    );
  }

  return (
    <div className="yy-m-page">
      <PageNav title={t('checkin.overview.title')} fallback={checkinPaths.mobileHome} />
      <div className="yy-m-card" style={{ padding: '8px 12px' }}>
        <Input
          value={search}
          onChange={setSearch}
          clearable
          placeholder={t('checkin.overview.search')}
          aria-label={t('checkin.overview.search')}
        />
      </div>
      {body}
    </div>
  );
}
