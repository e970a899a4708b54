import { Alert, Button, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isoWeekday } from '../../../../features/booking/dates.ts';
import { occurrenceReason, summariseSeries } from '../../../../features/booking/series.ts';
import type { SeriesOccurrence } from '../../../../features/booking/types.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';

const STATUS_COLOR: Record<string, string> = {
  ok: 'green',
  conflict: 'red',
  closed: 'default',
  over_quota: 'orange',
  blacklisted: 'magenta',
};

/** How many occurrences are bookable, and how many are not. */
export function previewCounts(occurrences: readonly SeriesOccurrence[]) {
  const { total, ok } = summariseSeries(occurrences);
  return { total, ok, refused: total - ok };
}

/**
 * The per-occurrence report of a periodic or batch request (previewAppointmentSeries, or the
 * report of a submit): date, time, whether it can be booked and why not.
 */
export function SeriesPreview({
  occurrences,
  loading,
  error,
  onRetry,
}: {
  occurrences: readonly SeriesOccurrence[] | null;
  loading: boolean;
  error: string | null;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        title={error}
        action={
          onRetry ? (
            <Button size="small" onClick={onRetry}>
              {t('pcBooking.retry')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (!occurrences) return null;
  const counts = previewCounts(occurrences);
  return (
    <div className="yy-series-preview">
      <Typography.Paragraph className="yy-series-counts" role="status">
        {t('pcBooking.preview.counts', counts)}
      </Typography.Paragraph>
      <Table<SeriesOccurrence>
        size="small"
        rowKey={(o) => `${o.date} ${o.start_time} ${o.time_slot_id}`}
        dataSource={[...occurrences]}
        pagination={occurrences.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
        columns={[
          {
            title: t('pcBooking.preview.date'),
            dataIndex: 'date',
            render: (d: string) => `${d} ${t(`pcBooking.weekday.${isoWeekday(d)}`)}`,
          },
          {
            title: t('pcBooking.preview.time'),
            key: 'time',
            render: (_, o) => `${o.start_time}–${o.end_time}`,
          },
          {
            title: t('pcBooking.preview.status'),
            dataIndex: 'status',
            render: (s: string) => (
              <Tag color={STATUS_COLOR[s] ?? 'default'}>{t(`pcBooking.preview.status_${s}`, { defaultValue: s })}</Tag>
            ),
          },
          {
            title: t('pcBooking.preview.reason'),
            key: 'reason',
            render: (_, o) => occurrenceReason(o, currentLanguage()),
          },
        ]}
      />
    </div>
  );
}
