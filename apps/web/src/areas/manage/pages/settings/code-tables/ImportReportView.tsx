import { Alert, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportReport, ImportRowError } from '../../../../../features/code-tables/api/importCodeItems.ts';
import { pick } from '../../../../../lib/i18n.ts';

/** The per-row report of an import: totals, the outcome, and each refused cell with its row and column. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const failed = new Set(report.errors.map((e) => e.row)).size;
  const ok = report.errcode === '0';
  return (
    <section className="yy-import-report" aria-label={t('codeTables.reportTitle')}>
      <Alert
        type={ok ? (failed > 0 ? 'warning' : 'success') : 'error'}
        showIcon
        title={pick(report.msg, report.msg_en)}
      />
      <div className="yy-import-stats">
        <Statistic title={t('codeTables.reportTotal')} value={report.total} />
        <Statistic title={t('codeTables.reportImported')} value={report.imported} />
        <Statistic title={t('codeTables.reportFailed')} value={failed} />
      </div>
      {report.errors.length > 0 ? (
        <Table<ImportRowError>
          size="small"
          rowKey={(e) => `${e.row}-${e.column}-${e.msg}`}
          dataSource={report.errors}
          pagination={report.errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 520 }}
          columns={[
            { key: 'row', title: t('codeTables.reportRow'), dataIndex: 'row', width: 80 },
            { key: 'column', title: t('codeTables.reportColumn'), dataIndex: 'column', width: 150 },
            {
              key: 'msg',
              title: t('codeTables.reportMessage'),
              render: (_, e) => pick(e.msg, e.msg_en),
            },
          ]}
        />
      ) : ok ? (
        <Alert type="info" title={t('codeTables.reportNoErrors')} />
      ) : null}
    </section>
  );
}
