import { Button } from 'antd-mobile';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { addDays, todayIso } from '../../../../features/booking/dates.ts';

/** The day a staff screen shows, with the previous and next day (the overview, the registration desk). */
export function DateSwitcher({ date, onChange }: { date: string; onChange: (date: string) => void }) {
  const { t } = useTranslation();
  const today = todayIso();
  return (
    <div className="yy-mc-date-row">
      <Button
        size="small"
        fill="none"
        aria-label={t('checkin.overview.prevDay')}
        onClick={() => onChange(addDays(date, -1))}
      >
        <LeftOutline />
      </Button>
      <strong aria-live="polite">
        {date}
        {date === today ? ` · ${t('checkin.overview.todayLabel')}` : ''}
      </strong>
      {date !== today && (
        <Button size="small" fill="none" onClick={() => onChange(today)}>
          {t('checkin.register.today')}
        </Button>
      )}
      <Button
        size="small"
        fill="none"
        aria-label={t('checkin.overview.nextDay')}
        onClick={() => onChange(addDays(date, 1))}
      >
        <RightOutline />
      </Button>
    </div>
  );
}
