import { Alert, Card, Drawer, Statistic, Table, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppointmentEvaluateAverage } from '../../../../features/evaluations-admin/api/findAppointmentEvaluateAverage.ts';
import type { EvaluationAverage } from '../../../../features/evaluations-admin/types.ts';
import { useResourcesForPicker } from '../../../../features/occupancy/api/findResourcesAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import { stateEmptyText } from '../../components/DataTable/index.ts';
import { errorText } from '../../operation-result.ts';
import { LoadError } from '../sign/listParts.tsx';

/** The mean scores of a resource, with their titles. */
const SCORE_COLUMNS = [
  ['average', 'evaluationsAdmin.field.composite'],
  ['resources_score', 'evaluationsAdmin.field.resourceScore'],
  ['system_score', 'evaluationsAdmin.field.systemScore'],
  ['service_score', 'evaluationsAdmin.field.serviceScore'],
] as const;

const fixed = (n: number | null | undefined) => (typeof n === 'number' ? n.toFixed(2) : '—');

/** The averages of one resource (shown evaluations), above the list when it is filtered by resource. */
export function ResourceAverage({ resourcesId }: { resourcesId: string }) {
  const { t } = useTranslation();
  const query = useAppointmentEvaluateAverage([resourcesId]);
  const a = query.data?.find((x) => x.resources_id === resourcesId);
  if (query.error) return <LoadError error={query.error} />;
  return (
    <Card size="small" className="yy-eval-average" loading={query.isPending}>
      <div className="yy-eval-average-row">
        <Statistic title={t('evaluationsAdmin.average.count')} value={a?.evaluateCount ?? 0} />
        {SCORE_COLUMNS.map(([key, label]) => (
          <Statistic key={key} title={t(label)} value={fixed(a?.[key])} />
        ))}
      </div>
      <Typography.Text type="secondary" className="yy-eval-average-hint">
        {t('evaluationsAdmin.average.hint')}
      </Typography.Text>
    </Card>
  );
}

interface Row extends EvaluationAverage {
  name: string;
}

/** Every resource's count and mean scores (shown evaluations), most evaluated first. */
export function AveragesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const resources = useResourcesForPicker();
  const ids = (resources.data ?? []).map((r) => r.id);
  const query = useAppointmentEvaluateAverage(ids, open);
  const names = new Map((resources.data ?? []).map((r) => [r.id, pick(r.resources_name, r.resources_name_en)]));
  const rows: Row[] = (query.data ?? [])
    .map((a) => ({ ...a, name: names.get(a.resources_id) ?? a.resources_id }))
    .sort((a, b) => b.evaluateCount - a.evaluateCount || b.average - a.average);
  return (
    <Drawer open={open} onClose={onClose} title={t('evaluationsAdmin.average.title')} size="large">
      <Typography.Paragraph type="secondary">{t('evaluationsAdmin.average.hint')}</Typography.Paragraph>
      {query.error && rows.length ? <Alert type="error" showIcon role="alert" title={errorText(query.error)} /> : null}
      <Table<Row>
        rowKey="resources_id"
        size="small"
        loading={resources.isFetching || query.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{
          emptyText: stateEmptyText({
            loading: resources.isFetching || query.isFetching,
            error: query.error,
            onRetry: () => void query.refetch(),
            empty: t('evaluationsAdmin.average.empty'),
          }),
        }}
        columns={[
          { key: 'name', title: t('evaluationsAdmin.field.resource'), dataIndex: 'name' },
          {
            key: 'count',
            title: t('evaluationsAdmin.average.count'),
            dataIndex: 'evaluateCount',
            width: 90,
            align: 'right',
          },
          ...SCORE_COLUMNS.map(([key, label]): TableColumnType<Row> => ({
            key,
            title: t(label),
            width: 90,
            align: 'right',
            render: (_, r) => (r.evaluateCount ? fixed(r[key]) : '—'),
          })),
        ]}
      />
    </Drawer>
  );
}
