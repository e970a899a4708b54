import { Descriptions, Drawer, Empty, Spin, Table, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppointmentApprovalTasks } from '../../../../features/appointments-admin/api/findAppointmentApprovalTasks.ts';
import { bookingDate } from '../../../../features/booking/dates.ts';
import type { AdminAppointment, AppointmentParticipant } from '../../../../features/appointments-admin/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { useAttachmentHref } from '../../../../app/useFileUrl.ts';
import { errorText } from '../../operation-result.ts';
import { BookingStatusTags } from './BookingStatus.tsx';
import { MeetingBlock } from '../../../pc/pages/appointments/MeetingBlock.tsx';

const TASK_COLOR: Record<string, string> = { '1': 'orange', '2': 'green', '3': 'red' };

/** A value, or a dash when empty. */
const show = (v: ReactNode) => (v === '' || v === null || v === undefined ? '—' : v);

/** The people a booking names besides its booker. */
export function ParticipantsTable({ participants }: { participants: AppointmentParticipant[] }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`appointments.field.${key}`);
  return (
    <Table<AppointmentParticipant>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={participants}
      locale={{ emptyText: t('appointments.message.noParticipants') }}
      columns={[
        { key: 'name', title: f('name'), dataIndex: 'participant_name' },
        { key: 'account', title: f('account'), dataIndex: 'participant_id' },
        { key: 'dept', title: f('dept'), dataIndex: 'participant_dept_name' },
        { key: 'mobile', title: f('phone'), dataIndex: 'mobile' },
        { key: 'email', title: f('email'), dataIndex: 'email' },
      ]}
    />
  );
}

/**
 * A booking's details: its fields, participants, collected information and approval steps;
 * `actions` (the decisions the booking allows) sit in the footer.
 */
export function AppointmentDetail({
  booking,
  now,
  actions,
  onClose,
}: {
  booking: AdminAppointment | null;
  now: number;
  actions?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`appointments.field.${key}`);
  const tasks = useAppointmentApprovalTasks(booking && booking.audit_status !== '0' ? booking.id : null);
  const a = booking;
  const attachment = useAttachmentHref(a?.enclosure);
  return (
    <Drawer
      open={a !== null}
      onClose={onClose}
      title={t('appointments.dialog.detailTitle')}
      size={760}
      footer={actions}
      className="yy-booking-detail"
    >
      {a ? (
        <>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'resource', label: f('resource'), children: pick(a.resources_name, a.resources_name_en) },
              {
                key: 'type',
                label: f('resourceType'),
                children: show(pick(a.resources_type_name, a.resources_type_name_en)),
              },
              { key: 'number', label: f('resourceNumber'), children: show(a.resources_number) },
              { key: 'date', label: f('date'), children: bookingDate(a.appointment_date) },
              { key: 'time', label: f('time'), children: `${a.start_time}-${a.end_time}` },
              { key: 'status', label: f('status'), children: <BookingStatusTags booking={a} now={now} /> },
              { key: 'audit', label: f('audit'), children: t(`appointments.audit.${a.audit_status}`) },
              { key: 'mode', label: f('mode'), children: t(`appointments.mode.${a.booking_mode || '1'}`) },
              { key: 'booker', label: f('booker'), children: show(a.appointment_user_name) },
              { key: 'account', label: f('account'), children: show(a.appointment_user) },
              { key: 'dept', label: f('dept'), children: show(pick(a.dept_name, a.dept_name_en)) },
              { key: 'phone', label: f('phone'), children: show(a.phone) },
              { key: 'email', label: f('email'), children: show(a.email) },
              { key: 'persons', label: f('personTimes'), children: show(a.person_times) },
              { key: 'theme', label: f('theme'), children: show(pick(a.theme, a.theme_en)), span: 2 },
              { key: 'event', label: f('event'), children: show(pick(a.event, a.event_en)), span: 2 },
              { key: 'entourage', label: f('entourage'), children: show(a.entourage), span: 2 },
              { key: 'remark', label: f('remark'), children: show(a.remark), span: 2 },
              {
                key: 'enclosure',
                label: f('enclosure'),
                span: 2,
                children: attachment ? (
                  <Typography.Link href={attachment} target="_blank" rel="noreferrer">
                    {a.enclosure_name || a.enclosure}
                  </Typography.Link>
                ) : (
                  // not a file of ours (saved before links were checked): text, never a link
                  show(a.enclosure)
                ),
              },
              ...(a.state === '1'
                ? [
                    { key: 'cancelReason', label: f('cancelReason'), children: show(a.cancel_reason), span: 2 },
                    { key: 'cancelUser', label: f('cancelUser'), children: show(a.cancel_user) },
                    { key: 'cancelTime', label: f('cancelTime'), children: show(a.cancel_time) },
                  ]
                : []),
              {
                key: 'createdBy',
                label: f('createdBy'),
                children: show(a.created_user_name || a.created_user),
              },
              { key: 'createTime', label: f('createTime'), children: show(a.create_time) },
            ]}
          />
          <MeetingBlock appointmentId={a.id} />
          <Typography.Title level={5} className="yy-booking-section">
            {f('participants')}
          </Typography.Title>
          <ParticipantsTable participants={a.appointmentParticipantList} />
          <Typography.Title level={5} className="yy-booking-section">
            {f('collected')}
          </Typography.Title>
          {a.appointmentCollectionList.length ? (
            <Descriptions
              bordered
              size="small"
              column={1}
              items={a.appointmentCollectionList.map((c) => ({
                key: c.id,
                label: pick(c.field_desc_cn, c.field_desc_en) || c.field_name,
                children: show(c.field_value),
              }))}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('appointments.message.noCollected')} />
          )}
          <Typography.Title level={5} className="yy-booking-section">
            {t('appointments.field.audit')}
          </Typography.Title>
          {a.audit_status === '0' ? (
            <Typography.Text type="secondary">{t('appointments.message.noTasks')}</Typography.Text>
          ) : tasks.isLoading ? (
            <Spin />
          ) : tasks.error ? (
            <Typography.Text type="danger" role="alert">
              {t('appointments.message.tasksFailed')}: {errorText(tasks.error)}
            </Typography.Text>
          ) : (
            <Timeline
              items={(tasks.data ?? []).map((task) => ({
                key: task.id || 'pending',
                color: TASK_COLOR[task.status] ?? 'gray',
                content: (
                  <div className="yy-booking-task">
                    <div>
                      <strong>{pick(task.task_name, task.task_name_en)}</strong>{' '}
                      <Tag color={TASK_COLOR[task.status]}>
                        {task.status === '1'
                          ? t('appointments.message.pendingStep')
                          : pick(task.status_name, task.status_name_en) || t(`appointments.audit.${task.status}`)}
                      </Tag>
                    </div>
                    {task.operator_name || task.operator ? (
                      <Typography.Text type="secondary">
                        {task.operator_name || task.operator} {task.handle_time}
                      </Typography.Text>
                    ) : null}
                    {task.reason ? <div>{task.reason}</div> : null}
                  </div>
                ),
              }))}
            />
          )}
        </>
      ) : null}
    </Drawer>
  );
}
