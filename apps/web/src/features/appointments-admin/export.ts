import { pick } from '../../lib/i18n.ts';
import { bookingDate } from '../booking/dates.ts';
import { bookingStatus } from './status.ts';
import type { AdminAppointment } from './types.ts';

/** A column of the export: its header and the cell of a booking. */
export interface ExportColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string | number;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The bookings list's export columns, headers and statuses in the current language. */
export function bookingExportColumns(t: Translate, now: number): ExportColumn<AdminAppointment>[] {
  const f = (key: string) => t(`appointments.field.${key}`);
  return [
    { header: f('resourceType'), width: 14, value: (a) => pick(a.resources_type_name, a.resources_type_name_en) },
    { header: f('resource'), width: 24, value: (a) => pick(a.resources_name, a.resources_name_en) },
    { header: f('resourceNumber'), width: 12, value: (a) => a.resources_number },
    { header: f('date'), width: 12, value: (a) => bookingDate(a.appointment_date) },
    { header: f('time'), width: 13, value: (a) => `${a.start_time}-${a.end_time}` },
    { header: f('status'), width: 10, value: (a) => t(`appointments.status.${bookingStatus(a, now)}`) },
    { header: f('audit'), width: 10, value: (a) => t(`appointments.audit.${a.audit_status}`, { defaultValue: '' }) },
    { header: f('booker'), width: 12, value: (a) => a.appointment_user_name },
    { header: f('account'), width: 14, value: (a) => a.appointment_user },
    { header: f('dept'), width: 18, value: (a) => pick(a.dept_name, a.dept_name_en) },
    { header: f('phone'), width: 14, value: (a) => a.phone },
    { header: f('email'), width: 22, value: (a) => a.email },
    { header: f('theme'), width: 20, value: (a) => pick(a.theme, a.theme_en) },
    { header: f('personTimes'), width: 8, value: (a) => a.person_times ?? 1 },
    {
      header: f('participants'),
      width: 24,
      value: (a) => a.appointmentParticipantList.map((p) => p.participant_name).join('、'),
    },
    { header: f('remark'), width: 20, value: (a) => a.remark },
    { header: f('cancelReason'), width: 20, value: (a) => a.cancel_reason },
    {
      header: f('mode'),
      width: 8,
      value: (a) => t(`appointments.mode.${a.booking_mode || '1'}`, { defaultValue: '' }),
    },
    { header: f('createTime'), width: 19, value: (a) => a.create_time },
  ];
}

/** An .xlsx of the rows (one sheet, bold frozen header); exceljs loads only when an export runs. */
export async function workbookOf<T>(sheetName: string, columns: ExportColumn<T>[], rows: T[]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet(sheetName.slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  const buffer = await book.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Saves a file through a temporary link. */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "<prefix>-YYYYMMDD-HHmm.xlsx" in the browser's time. */
export function exportFileName(prefix: string, at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}.xlsx`;
}
