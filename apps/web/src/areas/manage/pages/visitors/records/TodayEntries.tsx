import { Table, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorEntries } from '../../../../../features/visitors-admin/records/findVisitorListEntityList.ts';
import { useVisitorEntrySummary } from '../../../../../features/visitors-admin/records/findVisitorListSummary.ts';
import type { VisitorEntry } from '../../../../../features/visitors-admin/records/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { errorText } from '../../../operation-result.ts';
import { WARN_TAG } from './parts.tsx';

/**
 * Today's entries recorded at a gate (`place`), newest first, as the server has them: what the
 * desk of /manage/accessControlCheck shows under its scans. `refreshKey` changes when an entry
 * may have been recorded (a scan, an upload of the queue).
 */
export function TodayEntries({ place, refreshKey }: { place: string; refreshKey: number }) {
  const { t } = useTranslation();
  const today = useVisitorEntrySummary(null);
  const date = today.data?.date ?? '';
  const list = useVisitorEntries(
    { first: 50, offset: 0, filter: { arrive_time: { eq: date }, arrival_place: { eq: place } } },
    Boolean(place && date),
  );
  const { refetch } = list;
  useEffect(() => {
    if (place && date) void refetch();
  }, [refreshKey, place, date, refetch]);
  if (!place) return null;
  return (
    <Table<VisitorEntry>
      size="small"
      rowKey="id"
      data-testid="gate-today-entries"
      title={() => (
        <strong>
          {t('visitorsRecords.entries.todayAtPlace')}
          {list.data ? ` (${list.data.totalCount})` : ''}
        </strong>
      )}
      loading={list.isFetching}
      locale={{
        emptyText:
          list.error || today.error
            ? errorText(list.error ?? today.error)
            : t('visitorsRecords.entries.todayAtPlaceEmpty'),
      }}
      dataSource={list.data?.rows ?? []}
      pagination={false}
      columns={[
        { key: 'time', title: t('visitorsRecords.entries.arriveTime'), dataIndex: 'arrive_time', width: 170 },
        { key: 'name', title: t('visitorsRecords.entries.visitor'), dataIndex: 'visitor_name' },
        {
          key: 'source',
          title: t('visitorsRecords.entries.source'),
          render: (_, e) => (
            <span>
              {pick(e.data_source_name, e.data_source_name_en)}
              {e.repeat ? (
                <Tag style={{ ...WARN_TAG, marginInlineStart: 8 }}>{t('visitorsRecords.entries.repeat')}</Tag>
              ) : null}
            </span>
          ),
        },
      ]}
    />
  );
}
