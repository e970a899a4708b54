import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminBookingFilters } from '../../../../features/appointments-admin/listVariables.ts';
import { bookingDate } from '../../../../features/booking/dates.ts';
import { bookingPeople, type BookingPerson } from '../../../../features/appointments-admin/people.ts';
import type { AdminAppointment } from '../../../../features/appointments-admin/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { ParticipantsTable } from './AppointmentDetail.tsx';
import { BookingFilterBar } from './BookingFilterBar.tsx';
import { useBookingExport } from './useBookingExport.ts';
import { useBookingPages } from './useBookingPages.tsx';
import './appointment.css';

/**
 * Appointment user information (`/manage/appointment/appointmentUser-list`): the bookers of the
 * searched bookings with their department and contacts, each row expanding to its participants
 * and collected information; the export lists bookers and participants one person per row.
 */
const NO_FILTERS: AdminBookingFilters = {};

export default function AppointmentUserList() {
  const { t } = useTranslation();
  const { variables, list, rows, search, pagination, loadError } = useBookingPages(NO_FILTERS);
  const bookingExport = useBookingExport();
  const f = (key: string) => t(`appointments.field.${key}`);

  const exportAll = () =>
    bookingExport.run<BookingPerson>(variables, (found) => ({
      title: t('appointments.users.exportTitle'),
      columns: [
        { header: f('role'), width: 10, value: (p) => t(`appointments.role.${p.role}`) },
        { header: f('name'), width: 12, value: (p) => p.name },
        { header: f('account'), width: 14, value: (p) => p.account },
        { header: f('dept'), width: 18, value: (p) => p.dept },
        { header: f('phone'), width: 14, value: (p) => p.phone },
        { header: f('email'), width: 22, value: (p) => p.email },
        { header: f('resource'), width: 22, value: (p) => pick(p.booking.resources_name, p.booking.resources_name_en) },
        { header: f('date'), width: 12, value: (p) => bookingDate(p.booking.appointment_date) },
        { header: f('time'), width: 13, value: (p) => `${p.booking.start_time}-${p.booking.end_time}` },
        { header: f('theme'), width: 20, value: (p) => pick(p.booking.theme, p.booking.theme_en) },
        { header: f('collected'), width: 30, value: (p) => p.collected },
      ],
      rows: found.flatMap(bookingPeople),
    }));

  const columns: DataTableColumn<AdminAppointment>[] = [
    { key: 'booker', title: f('booker'), width: 120, render: (_, a) => a.appointment_user_name || '—' },
    { key: 'account', title: f('account'), dataIndex: 'appointment_user', width: 130 },
    { key: 'dept', title: f('dept'), width: 160, render: (_, a) => pick(a.dept_name, a.dept_name_en) || '—' },
    { key: 'phone', title: f('phone'), width: 130, render: (_, a) => a.phone || '—' },
    { key: 'email', title: f('email'), width: 190, ellipsis: true, render: (_, a) => a.email || '—' },
    {
      key: 'resource',
      title: f('resource'),
      width: 190,
      render: (_, a) => pick(a.resources_name, a.resources_name_en),
    },
    {
      key: 'when',
      title: f('date'),
      width: 200,
      render: (_, a) => `${bookingDate(a.appointment_date)} ${a.start_time}-${a.end_time}`,
    },
    {
      key: 'participants',
      title: f('participants'),
      width: 200,
      ellipsis: true,
      render: (_, a) =>
        a.appointmentParticipantList.length
          ? a.appointmentParticipantList.map((p) => p.participant_name).join('、')
          : '—',
    },
    { key: 'persons', title: f('personTimes'), dataIndex: 'person_times', width: 80, defaultHidden: true },
  ];

  return (
    <Card variant="borderless">
      <BookingFilterBar initial={NO_FILTERS} withStatus={false} onSearch={search} />
      <Typography.Text type="secondary" className="yy-booking-users-hint">
        {t('appointments.users.hint')}
      </Typography.Text>
      {loadError}
      <DataTable<AdminAppointment>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 1400 }}
        expandable={{
          expandedRowRender: (a) => (
            <div className="yy-booking-expanded">
              <ParticipantsTable participants={a.appointmentParticipantList} />
              {a.appointmentCollectionList.length ? (
                <Descriptions
                  size="small"
                  column={{ xs: 1, sm: 2, lg: 3 }}
                  style={{ marginTop: 12 }}
                  title={f('collected')}
                  items={a.appointmentCollectionList.map((c) => ({
                    key: c.id,
                    label: pick(c.field_desc_cn, c.field_desc_en) || c.field_name,
                    children: c.field_value || '—',
                  }))}
                />
              ) : null}
            </div>
          ),
        }}
        toolbar={
          <Button icon={<DownloadOutlined />} loading={bookingExport.exporting} onClick={() => void exportAll()}>
            {t('appointments.action.export')}
          </Button>
        }
        pagination={pagination}
      />
    </Card>
  );
}
