import { useTranslation } from 'react-i18next';
import { VisitList } from './VisitList.tsx';
import '../booking/booking.css';
import './visitors.css';

/** The caller's current visits (`/mobile/visitor/mine`): awaiting approval or approved and not yet over. */
export default function VisitorMine() {
  const { t } = useTranslation();
  return (
    <div className="yy-m-page yy-v-page yy-m-page-with-bar">
      <h1 className="yy-v-title">{t('route.mobile.visitorMine')}</h1>
      <VisitList history={false} />
    </div>
  );
}
