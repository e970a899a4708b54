import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { adminAppointmentKeys } from '../../../../../features/appointments-admin/types.ts';
import { ResourceOverview } from './ResourceOverview.tsx';
import type { StatsRange } from './StatCards.tsx';
import { TypeAnalysis } from './TypeAnalysis.tsx';
import { VacancyRates } from './VacancyRates.tsx';
import '../appointment.css';

const DATE = 'YYYY-MM-DD';
const MAX_DAYS = 366;
const TABS = ['types', 'vacancy', 'resources'] as const;
type Tab = (typeof TABS)[number];

function monday(d: Dayjs): Dayjs {
  return d.subtract((d.day() + 6) % 7, 'day');
}

/** The range's problem, if any: both ends needed, at most 366 days (the server's limit). */
export function rangeProblem(range: [Dayjs | null, Dayjs | null] | null): 'rangeRequired' | 'rangeTooLong' | null {
  const [from, to] = range ?? [];
  if (!from || !to) return 'rangeRequired';
  return to.diff(from, 'day') + 1 > MAX_DAYS ? 'rangeTooLong' : null;
}

/**
 * Booking statistics (`/manage/appointment/venues-statistics`) over a date range: venue type
 * analysis (bookings per resource type and status), vacancy rate per resource, and the booking
 * overview per resource. The tab is kept in the address (`?tab=`).
 */
export default function VenuesStatistics() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'types';
  const today = dayjs().startOf('day');
  const [picked, setPicked] = useState<[Dayjs | null, Dayjs | null] | null>([
    today.startOf('month'),
    today.endOf('month'),
  ]);
  const problem = rangeProblem(picked);
  const range: StatsRange | null = problem ? null : { from: picked![0]!.format(DATE), to: picked![1]!.format(DATE) };

  return (
    <Card variant="borderless">
      <div className="yy-stats-bar">
        <Typography.Text strong id="yy-stats-range">
          {t('appointments.stats.range')}
        </Typography.Text>
        <DatePicker.RangePicker
          aria-labelledby="yy-stats-range"
          value={picked}
          format={DATE}
          allowClear={false}
          onChange={(v) => setPicked(v as [Dayjs | null, Dayjs | null] | null)}
          presets={[
            { label: t('appointments.stats.thisWeek'), value: [monday(today), monday(today).add(6, 'day')] },
            { label: t('appointments.stats.thisMonth'), value: [today.startOf('month'), today.endOf('month')] },
            { label: t('appointments.stats.last30'), value: [today.subtract(29, 'day'), today] },
            { label: t('appointments.stats.next7'), value: [today, today.add(6, 'day')] },
          ]}
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: adminAppointmentKeys.all })}
        >
          {t('appointments.action.refresh')}
        </Button>
        {problem ? (
          <Typography.Text type="danger" role="alert">
            {t(`appointments.message.${problem}`)}
          </Typography.Text>
        ) : null}
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        items={[
          { key: 'types', label: t('appointments.stats.tabTypes'), children: <TypeAnalysis range={range} /> },
          { key: 'vacancy', label: t('appointments.stats.tabVacancy'), children: <VacancyRates range={range} /> },
          {
            key: 'resources',
            label: t('appointments.stats.tabResources'),
            children: <ResourceOverview range={range} />,
          },
        ]}
        destroyOnHidden
      />
    </Card>
  );
}
