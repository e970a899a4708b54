import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Grid, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useOptionalSession } from '../../../../app/session.tsx';
import { useBatchDeleteAppointmentInformation } from '../../../../features/appointments-admin/api/batchDeleteAppointmentInformation.ts';
import { deleteAppointmentInformation } from '../../../../features/booking/api/deleteAppointmentInformation.ts';
import { bookingExportColumns } from '../../../../features/appointments-admin/export.ts';
import type { AdminBookingFilters } from '../../../../features/appointments-admin/listVariables.ts';
import { isDeletable } from '../../../../features/appointments-admin/status.ts';
import { bookingDate } from '../../../../features/booking/dates.ts';
import { adminAppointmentKeys, type AdminAppointment } from '../../../../features/appointments-admin/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { errorText } from '../../operation-result.ts';
import { BallotLink } from '../ballot/BallotLink.tsx';
import { AppointmentDetail } from './AppointmentDetail.tsx';
import { BookingActions, type BookingActionHandlers } from './BookingActions.tsx';
import { BookingFilterBar, filtersFromSearch } from './BookingFilterBar.tsx';
import { BookingStatusTags } from './BookingStatus.tsx';
import { appointmentUpdatePath } from './paths.ts';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog.tsx';
import { useBookingExport } from './useBookingExport.ts';
import { useBookingPages } from './useBookingPages.tsx';
import './appointment.css';

const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * The bookings list (`/manage/appointment/list`): search by type, resource, dates, status and
 * approval; details; approve, reject, change time, cancel, terminate; delete and batch delete
 * (confirmed); export of everything the search matches to Excel; the way to the ballot page
 * (its draws and the resources' release modes, `BallotLink`). A resource administrator
 * (the server lists only the resources they manage) deletes one record at a time and cancels only
 * their own bookings: batch delete and cancelling someone else's are the tenant administrators'.
 */
export default function AppointmentList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [params] = useSearchParams();
  const [initial] = useState(() => filtersFromSearch(params));
  const [selected, setSelected] = useState<string[]>([]);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const { variables, list, rows, page, setPage, search: searchPages, pagination, loadError } = useBookingPages(initial);
  const session = useOptionalSession();
  // Without a session (component tests) the page is the administrators' as before.
  const admin = !session || session.permission === 'admin';
  const own = (a: AdminAppointment) =>
    !!session && (a.appointment_user === session.account || a.created_user === session.account);
  const remove = useBatchDeleteAppointmentInformation();
  const queryClient = useQueryClient();
  // A resource administrator's delete: one record of a resource they manage (checked by the server).
  const removeOne = useMutation({
    mutationFn: deleteAppointmentInformation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAppointmentKeys.all }),
  });
  const bookingExport = useBookingExport();
  // Statuses ("ended") and the actions offered follow the clock at each render.
  const now = Date.now();
  const [detailKept, setDetailKept] = useState<AdminAppointment | null>(null);
  const detail = (detailId && rows.find((r) => r.id === detailId)) || (detailId ? detailKept : null);

  const search = (next: AdminBookingFilters) => {
    searchPages(next);
    setSelected([]);
  };

  const deleteIds = async (ids: string[]) => {
    try {
      if (admin) await remove.mutateAsync(ids);
      else for (const id of ids) await removeOne.mutateAsync(id);
      void message.success(t('appointments.message.deleted', { count: ids.length }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      if (detailId && ids.includes(detailId)) setDetailId(null);
      if (rows.length <= ids.length && page.current > 1) setPage((p) => ({ ...p, current: p.current - 1 }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const confirmBatchDelete = () =>
    modal.confirm({
      title: t('appointments.dialog.batchDeleteTitle'),
      content: t('appointments.message.confirmBatchDelete', { count: selected.length }),
      okText: t('appointments.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('appointments.action.cancel'),
      onOk: () => deleteIds(selected),
    });

  const exportAll = () =>
    bookingExport.run(variables, (found) => ({
      title: t('route.manage.appointmentList'),
      columns: bookingExportColumns(t, Date.now()),
      rows: found,
    }));

  const handlers: BookingActionHandlers = {
    onDetail: (a) => {
      setDetailKept(a);
      setDetailId(a.id);
    },
    onReason: (kind, booking) => setReason({ kind, booking }),
    onChangeTime: (a) => navigate(appointmentUpdatePath(a.id)),
    onDelete: (a) => deleteIds([a.id]),
    mayCancel: (a) => admin || own(a),
  };

  const columns: DataTableColumn<AdminAppointment>[] = [
    {
      key: 'resource',
      title: t('appointments.field.resource'),
      width: 150,
      render: (_, a) => (
        <Typography.Link onClick={() => handlers.onDetail?.(a)}>
          {pick(a.resources_name, a.resources_name_en)}
        </Typography.Link>
      ),
    },
    {
      key: 'when',
      title: t('appointments.field.when'),
      width: 215,
      render: (_, a) => {
        const date = bookingDate(a.appointment_date);
        const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
        return `${date} ${t(`appointments.weekday.${WEEKDAY_KEYS[weekday]}`)} ${a.start_time}-${a.end_time}`;
      },
    },
    {
      key: 'booker',
      title: t('appointments.field.booker'),
      width: 125,
      render: (_, a) => (
        <span>
          {a.appointment_user_name || a.appointment_user}
          {a.appointment_user ? <Typography.Text type="secondary"> ({a.appointment_user})</Typography.Text> : null}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('appointments.field.status'),
      width: 150,
      render: (_, a) => <BookingStatusTags booking={a} now={now} />,
    },
    {
      key: 'type',
      title: t('appointments.field.resourceType'),
      width: 120,
      render: (_, a) => pick(a.resources_type_name, a.resources_type_name_en) || '—',
    },
    {
      key: 'dept',
      title: t('appointments.field.dept'),
      width: 140,
      render: (_, a) => pick(a.dept_name, a.dept_name_en) || '—',
    },
    {
      key: 'theme',
      title: t('appointments.field.theme'),
      width: 160,
      ellipsis: true,
      render: (_, a) => pick(a.theme, a.theme_en) || '—',
    },
    { key: 'phone', title: t('appointments.field.phone'), dataIndex: 'phone', width: 130, defaultHidden: true },
    {
      key: 'participants',
      title: t('appointments.field.participantCount'),
      width: 100,
      defaultHidden: true,
      render: (_, a) => a.appointmentParticipantList.length,
    },
    {
      key: 'mode',
      title: t('appointments.field.mode'),
      width: 100,
      defaultHidden: true,
      render: (_, a) => t(`appointments.mode.${a.booking_mode || '1'}`),
    },
    { key: 'create_time', title: t('appointments.field.createTime'), dataIndex: 'create_time', width: 170 },
    {
      key: 'actions',
      title: t('appointments.field.actions'),
      fixed: screens.md ? 'right' : undefined,
      width: 290,
      render: (_, a) => <BookingActions booking={a} now={now} compact handlers={handlers} />,
    },
  ];

  return (
    <Card variant="borderless">
      <BookingFilterBar initial={initial} withStatus onSearch={search} />
      {loadError}
      <DataTable<AdminAppointment>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 1500 }}
        rowSelection={
          admin
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (a) => ({
                  disabled: !isDeletable(a, now),
                  title: isDeletable(a, now) ? undefined : t('appointments.message.notDeletable'),
                }),
              }
            : undefined
        }
        toolbar={
          <Space wrap>
            {admin && selected.length ? (
              <Typography.Text type="secondary">
                {t('appointments.message.selected', { count: selected.length })}
              </Typography.Text>
            ) : null}
            {admin ? (
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={confirmBatchDelete}>
                {t('appointments.action.batchDelete')}
              </Button>
            ) : null}
            <Button icon={<DownloadOutlined />} loading={bookingExport.exporting} onClick={() => void exportAll()}>
              {t('appointments.action.export')}
            </Button>
            <BallotLink />
          </Space>
        }
        pagination={pagination}
      />
      <AppointmentDetail
        booking={detail}
        now={now}
        onClose={() => setDetailId(null)}
        actions={
          detail ? <BookingActions booking={detail} now={now} handlers={{ ...handlers, onDetail: undefined }} /> : null
        }
      />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
    </Card>
  );
}
