import { Alert, App, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../../app/session.tsx';
import { useVisitorCategoryConfig } from '../../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import {
  useDownloadVisitorSheet,
  type VisitorSheetArgs,
} from '../../../../../features/visitors-admin/records/downloadVisitorSheet.ts';
import type { VisitorImportReport } from '../../../../../features/visitors-admin/records/importVisitorInfo.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { errorText } from '../../../operation-result.ts';

/** Tag colours that keep AA contrast (antd's success and warning tags fall short on white). */
export const OK_TAG = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };
export const WARN_TAG = { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' };

/** Pieces the visitor records pages share: the area options, date ranges, downloads, the import report. */

/** The visitor areas as select options (name in the current language). */
export function useAreaOptions() {
  const config = useVisitorCategoryConfig();
  return {
    loading: config.isFetching,
    options: (config.data?.areas ?? []).map((a) => ({
      value: a.id,
      label: pick(a.resources_name, a.resources_name_en),
    })),
  };
}

/** A date range picker's value as a `{gte, lte}` filter of days. */
export function dayRange(range: [Dayjs | null, Dayjs | null] | null | undefined) {
  return {
    gte: range?.[0] ? range[0].format('YYYY-MM-DD') : undefined,
    lte: range?.[1] ? range[1].format('YYYY-MM-DD') : undefined,
  };
}

/** A download button's action: fetches the sheet, tells the name, or the server's reason. */
export function useSheetDownload() {
  const { token } = useSession();
  const { message } = App.useApp();
  const { t } = useTranslation();
  const download = useDownloadVisitorSheet();
  return {
    pending: download.isPending,
    start: (args: Omit<VisitorSheetArgs, 'token'>) =>
      download.mutate(
        { ...args, token },
        {
          onSuccess: (name) => void message.success(t('visitorsRecords.common.exported', { name })),
          onError: (err) => void message.error(errorText(err)),
        },
      ),
  };
}

/** The report of a visitor import: the counts, then each refused row with its field and reason. */
export function ImportReportTable({ report }: { report: VisitorImportReport }) {
  const { t } = useTranslation();
  const failed = new Set(report.errors.map((e) => e.row)).size;
  return (
    <div className="yy-vrec-report" data-testid="import-report">
      <Alert
        type={report.errcode !== '0' ? 'error' : failed ? 'warning' : 'success'}
        showIcon
        title={pick(report.msg, report.msg_en)}
        description={t('visitorsRecords.info.report', { total: report.total, imported: report.imported, failed })}
      />
      {report.errors.length ? (
        <Table
          size="small"
          rowKey={(e) => `${e.row}-${e.field}-${e.msg}`}
          pagination={report.errors.length > 10 ? { pageSize: 10 } : false}
          dataSource={report.errors}
          columns={[
            { key: 'row', title: t('visitorsRecords.info.reportRow'), dataIndex: 'row', width: 70 },
            {
              key: 'field',
              title: t('visitorsRecords.info.reportField'),
              width: 130,
              render: (_, e) => (e.field ? t(`visitorsRecords.field.${e.field}`, { defaultValue: e.field }) : '—'),
            },
            { key: 'reason', title: t('visitorsRecords.info.reportReason'), render: (_, e) => pick(e.msg, e.msg_en) },
          ]}
        />
      ) : (
        <Typography.Paragraph type="secondary">{t('visitorsRecords.info.noErrors')}</Typography.Paragraph>
      )}
    </div>
  );
}
