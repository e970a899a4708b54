import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findAllAdminAppointments } from '../../../../features/appointments-admin/api/findAppointmentInformationAllForAppointMent.ts';
import {
  exportFileName,
  saveFile,
  workbookOf,
  type ExportColumn,
} from '../../../../features/appointments-admin/export.ts';
import type { AdminBookingVariables } from '../../../../features/appointments-admin/listVariables.ts';
import type { AdminAppointment } from '../../../../features/appointments-admin/types.ts';
import { errorText } from '../../operation-result.ts';

/** What one export writes: a sheet (and file) title, its columns and rows made from the bookings. */
export interface ExportPlan<T> {
  title: string;
  columns: ExportColumn<T>[];
  rows: T[];
}

/**
 * Exports every booking a list's search matches (not only the page shown) to an .xlsx, with
 * progress, the outcome and any failure shown as messages.
 */
export function useBookingExport() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);

  const run = async <T>(variables: AdminBookingVariables, plan: (bookings: AdminAppointment[]) => ExportPlan<T>) => {
    const key = 'booking-export';
    setExporting(true);
    try {
      const { first: _first, offset: _offset, ...all } = variables;
      const { rows: found, total } = await findAllAdminAppointments(all, (read, of) =>
        message.open({ key, type: 'loading', content: t('appointments.message.exporting', { read, total: of }) }),
      );
      const { title, columns, rows } = plan(found);
      if (!rows.length) {
        void message.open({ key, type: 'info', content: t('appointments.message.exportEmpty') });
        return;
      }
      saveFile(exportFileName(title, new Date()), await workbookOf(title, columns, rows));
      const truncated = found.length < total;
      void message.open({
        key,
        type: truncated ? 'warning' : 'success',
        content: truncated
          ? t('appointments.message.exportTruncated', { total, count: found.length })
          : t('appointments.message.exported', { count: found.length }),
      });
    } catch (err) {
      void message.open({
        key,
        type: 'error',
        content: `${t('appointments.message.exportFailed')}: ${errorText(err)}`,
      });
    } finally {
      setExporting(false);
    }
  };

  return { exporting, run };
}
