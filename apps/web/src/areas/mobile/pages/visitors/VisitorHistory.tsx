import { useTranslation } from 'react-i18next';
import { VisitList } from './VisitList.tsx';
import '../booking/booking.css';
import './visitors.css';

/** The caller's past visits (`/mobile/visitor/history`): ended, cancelled or rejected. */
export default function VisitorHistory() {
  const { t } = useTranslation();
  return (
    <div className="yy-m-page yy-v-page yy-m-page-with-bar">
      <h1 className="yy-v-title">{t('route.mobile.visitorHistory')}</h1>
      <VisitList history />
    </div>
  );
}
