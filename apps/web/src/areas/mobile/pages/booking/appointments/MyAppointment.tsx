import { InfiniteScroll, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useInfiniteAppointmentsForAccount } from '../../../../../features/booking/api/findAppointmentInformationAllForAccount.ts';
import { useBallotEntriesForSelf } from '../../../../../features/booking/api/findBallotEntriesForSelf.ts';
import { ballotCandidates } from '../../../../../features/booking/ballot.ts';
import { todayIso } from '../../../../../features/booking/dates.ts';
import {
  APPOINTMENT_TABS,
  isAppointmentTab,
  tabQuery,
  type AppointmentTab,
} from '../../../../../features/booking/status.ts';
import { Empty, LoadFailed } from '../../../components/LoadState.tsx';
import { AppointmentCard } from './AppointmentCard.tsx';
import { Favourites } from './Favourites.tsx';
import '../booking.css';

const PAGE_SIZE = 20;

function AppointmentList({ tab }: { tab: Exclude<AppointmentTab, 'favourites'> }) {
  const { t } = useTranslation();
  const list = useInfiniteAppointmentsForAccount(tabQuery(tab, todayIso()), PAGE_SIZE);
  const rows = list.data?.pages.flatMap((p) => p.edges.map((e) => e.node)) ?? [];
  // bookings that came through a ballot: the entry's state or outcome on the card
  const ballot = useBallotEntriesForSelf(ballotCandidates(rows));
  const now = Date.now();
  if (list.isPending) {
    return (
      <div className="yy-m-card">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (list.error) return <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  if (rows.length === 0) return <Empty title={t(`booking.appointments.empty.${tab}`)} />;
  return (
    <>
      {rows.map((a) => (
        <AppointmentCard key={a.id} appointment={a} tab={tab} now={now} ballot={ballot.data?.get(a.id)} />
      ))}
      <InfiniteScroll
        hasMore={Boolean(list.hasNextPage)}
        loadMore={async () => {
          await list.fetchNextPage();
        }}
      />
    </>
  );
}

/** My appointments (`/mobile/myAppointment`): to do, in progress, reserved and favourites. */
export default function MyAppointment() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: AppointmentTab = isAppointmentTab(raw) ? raw : 'todo';
  return (
    <div className="yy-m-page">
      <h1 className="yy-m-visually-hidden">{t('route.mobile.myAppointment')}</h1>
      <div className="yy-m-appt-tabs" role="tablist" aria-label={t('route.mobile.myAppointment')}>
        {APPOINTMENT_TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`yy-m-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="yy-m-tab-panel"
            className={tab === key ? 'yy-m-tab yy-m-tab-on' : 'yy-m-tab'}
            onClick={() => setParams({ tab: key }, { replace: true })}
          >
            {t(`booking.appointments.tab.${key}`)}
          </button>
        ))}
      </div>
      <div id="yy-m-tab-panel" role="tabpanel" aria-labelledby={`yy-m-tab-${tab}`}>
        {tab === 'favourites' ? <Favourites /> : <AppointmentList key={tab} tab={tab} />}
      </div>
    </div>
  );
}
