import { Button } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useBookableResource } from '../../../../features/booking/api/findResources.ts';
import { todayIso } from '../../../../features/booking/dates.ts';
import { useAppointmentSignAll } from '../../../../features/checkin/api/findAppointmentSignAll.ts';
import { ResourceCodeQr } from '../../../../features/checkin/components/ResourceCodeQr.tsx';
import { VerdictTag } from '../../../../features/checkin/components/SignInfo.tsx';
import { useNow } from '../../../../features/checkin/components/useNow.ts';
import { byStartTime, SIGN_STATE_FILTERS, type SignStateFilter } from '../../../../features/checkin/overview.ts';
import { checkinPaths } from '../../../../features/checkin/paths.ts';
import { signVerdict } from '../../../../features/checkin/signs.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Loading } from '../../components/LoadState.tsx';
import { PageNav } from '../../components/PageNav.tsx';
import { Segments } from '../../components/Segments.tsx';
import { BookingCard } from './BookingCard.tsx';
import { DateSwitcher } from './DateSwitcher.tsx';
import { loadBlock } from './loadBlock.tsx';
import { registerPath } from './registerDesk.ts';
import '../booking/booking.css';
import './checkin.css';

const MAX_SIGNS = 200;

/** The chart (and ECharts with it) loads when its tab is first opened. */
const OrderedChart = lazy(() => import('./OrderedChart.tsx'));
type View = 'list' | 'chart';

/**
 * A resource's booking overview (`/mobile/ordered/resources/{id}`, administrators): one day's
 * confirmed bookings with their check-in state (filterable); open one to see its record and
 * mark it honoured or missed. Also the voucher scanner, the registration desk, the venue's
 * on-screen check-in code, and a chart of the bookings per day or time slot.
 */
export default function OrderedResource() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [date, setDate] = useState(todayIso);
  const [view, setView] = useState<View>('list');
  const [signState, setSignState] = useState<SignStateFilter>('');
  const [open, setOpen] = useState<string | null>(null);
  const [showCode, setShowCode] = useState(false);
  const now = useNow(30_000);
  const resource = useBookableResource(id);
  const query = useAppointmentSignAll({
    first: MAX_SIGNS,
    offset: 0,
    filter: { resources_id: { eq: id } },
    appointmentDate: [date],
    ...(signState ? { signState } : {}),
  });
  const rows = byStartTime(query.data?.edges.map((e) => e.node) ?? []);
  const name =
    (resource.data && pick(resource.data.resources_name, resource.data.resources_name_en)) ||
    (rows[0] && pick(rows[0].resources_name, rows[0].resources_name_en)) ||
    t('checkin.overview.resource');

  let body;
  if (view === 'chart') {
    body = (
      <Suspense fallback={<Loading />}>
        <OrderedChart resourceId={id} date={date} name={name} />
      </Suspense>
    );
  } else {
    body = loadBlock(
      query,
      rows.length ? null : t(signState ? 'checkin.overview.noneInState' : 'checkin.overview.noneOnDate'),
    );
  }
  if (!body) {
    body = (
      <section className="yy-m-card" aria-label={t('checkin.overview.bookings')}>
        <p className="yy-m-muted">
          {t('checkin.overview.total', { n: query.data?.totalCount ?? rows.length })}
          {query.isFetching ? ` · ${t('checkin.code.loading')}` : ''}
        </p>
        <ul className="yy-mc-list">
          {rows.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className="yy-mc-row"
                aria-expanded={open === s.id}
                onClick={() => setOpen(open === s.id ? null : s.id)}
              >
                <span className="yy-mc-row-main">
                  <strong>
                    {s.start_time}-{s.end_time} {s.appointment_user_name || s.appointment_user}
                  </strong>
                  <span className="yy-m-muted">{[s.appointment_user, s.dept_name].filter(Boolean).join(' · ')}</span>
                </span>
                <span className="yy-mc-row-side">
                  <VerdictTag verdict={signVerdict(s, now)} />
                </span>
              </button>
              {open === s.id && <BookingCard sign={s} marks embedded />}
            </li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <div className="yy-m-page">
      <PageNav title={name} fallback={checkinPaths.orderedResources} />
      <div className="yy-mc-header-actions">
        <Button color="primary" onClick={() => navigate(checkinPaths.orderedScan(id))}>
          {t('checkin.overview.scan')}
        </Button>
        <Button color="primary" fill="outline" onClick={() => navigate(registerPath(id))}>
          {t('checkin.register.open')}
        </Button>
        <Button fill="outline" aria-expanded={showCode} onClick={() => setShowCode((v) => !v)}>
          {t(showCode ? 'checkin.overview.hideCode' : 'checkin.overview.showCode')}
        </Button>
      </div>
      {showCode && (
        <section className="yy-m-card">
          <ResourceCodeQr resourcesId={id} name={name} />
        </section>
      )}
      <DateSwitcher date={date} onChange={setDate} />
      <div className="yy-mc-segments">
        <Segments<View>
          label={t('checkin.chart.view')}
          value={view}
          options={[
            { value: 'list', label: t('checkin.chart.list') },
            { value: 'chart', label: t('checkin.chart.chart') },
          ]}
          onChange={setView}
        />
      </div>
      {view === 'list' && (
        <div className="yy-mc-segments">
          <Segments<SignStateFilter>
            label={t('checkin.overview.filter')}
            value={signState}
            options={SIGN_STATE_FILTERS.map((v) => ({ value: v, label: t(`checkin.overview.state.${v || 'all'}`) }))}
            onChange={setSignState}
          />
        </div>
      )}
      {body}
    </div>
  );
}
