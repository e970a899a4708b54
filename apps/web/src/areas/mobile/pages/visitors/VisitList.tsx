import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { todayIso } from '../../../../features/booking/dates.ts';
import { useVisits } from '../../../../features/visitors/api/findVisitorAppointmentInformationAll.ts';
import { visitDay, visitEnded } from '../../../../features/visitors/states.ts';
import type { Visit } from '../../../../features/visitors/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Empty, LoadFailed, Loading } from '../../components/LoadState.tsx';
import { visitorPaths } from './paths.ts';
import { VisitStateTag } from './parts.tsx';

const PAGE = 20;

/** One visit in a list: day, areas, state; opens its detail. `showVisitor`: the visitor's name too (hosts). */
export function VisitCard({ visit, showVisitor }: { visit: Visit; showVisitor?: boolean }) {
  const { t } = useTranslation();
  const areas = pick(visit.in_school_area_name, visit.in_school_area_name_en);
  const day = visitDay(visit.in_school_date);
  return (
    <li className="yy-v-item">
      <Link to={visitorPaths.detail(visit.id)} className="yy-v-item-link">
        <div className="yy-v-item-head">
          <strong>
            {day}
            {showVisitor && visit.visitor_name ? ` · ${visit.visitor_name}` : ''}
          </strong>
          <VisitStateTag state={visit.state} ended={visitEnded(visit, todayIso())} />
        </div>
        <div className="yy-m-muted">{areas || t('visitors.detail.noArea')}</div>
        {visit.in_school_reason && <div className="yy-m-muted yy-v-ellipsis">{visit.in_school_reason}</div>}
      </Link>
    </li>
  );
}

/** A list of the caller's visits: current ('0') or history ('1'), with loading, empty and failed states. */
export function VisitList({ history }: { history: boolean }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(PAGE);
  const list = useVisits({ first: count, offset: 0, updateAppointmentState: history ? '1' : '0' });
  if (list.isPending) return <Loading />;
  if (list.error) return <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  const rows = list.data.edges.map((e) => e.node);
  if (!rows.length)
    return (
      <Empty title={t(history ? 'visitors.list.noHistory' : 'visitors.list.none')}>
        {!history && (
          <Link to={visitorPaths.home}>
            <Button size="small" color="primary">
              {t('visitors.list.apply')}
            </Button>
          </Link>
        )}
      </Empty>
    );
  const total = list.data.totalCount ?? rows.length;
  return (
    <>
      <ul className="yy-v-list" aria-label={t(history ? 'route.mobile.visitorHistory' : 'route.mobile.visitorMine')}>
        {rows.map((v) => (
          <VisitCard key={v.id} visit={v} showVisitor={v.visitor_type === '2'} />
        ))}
      </ul>
      {total > rows.length && (
        <div className="yy-v-actions">
          <Button block fill="outline" loading={list.isFetching} onClick={() => setCount((c) => c + PAGE)}>
            {t('visitors.list.more')}
          </Button>
        </div>
      )}
    </>
  );
}
