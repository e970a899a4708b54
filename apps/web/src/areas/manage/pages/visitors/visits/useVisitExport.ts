import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFileName, saveFile, workbookOf } from '../../../../../features/appointments-admin/export.ts';
import { visitExportColumns } from '../../../../../features/visitors-admin/visits/export.ts';
import {
  findAllAdminVisits,
  type AdminVisitVariables,
} from '../../../../../features/visitors-admin/visits/findVisitorAppointmentInformationAll.ts';
import { errorText } from '../../../operation-result.ts';

/** Exports every visit a search matches (not only the page shown) to an .xlsx, numbers masked, with progress. */
export function useVisitExport() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const run = async (variables: AdminVisitVariables, title: string, invitations = false) => {
    const key = 'visit-export';
    setExporting(true);
    try {
      const { first: _first, offset: _offset, ...all } = variables;
      const { rows, total } = await findAllAdminVisits(all, (read, of) =>
        message.open({ key, type: 'loading', content: t('visitorsVisits.message.exporting', { read, total: of }) }),
      );
      if (!rows.length) {
        void message.open({ key, type: 'info', content: t('visitorsVisits.message.exportEmpty') });
        return;
      }
      saveFile(exportFileName(title, new Date()), await workbookOf(title, visitExportColumns(t, invitations), rows));
      void message.open({
        key,
        type: rows.length < total ? 'warning' : 'success',
        content:
          rows.length < total
            ? t('visitorsVisits.message.exportTruncated', { total, count: rows.length })
            : t('visitorsVisits.message.exported', { count: rows.length }),
      });
    } catch (err) {
      void message.open({
        key,
        type: 'error',
        content: `${t('visitorsVisits.message.exportFailed')}: ${errorText(err)}`,
      });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
