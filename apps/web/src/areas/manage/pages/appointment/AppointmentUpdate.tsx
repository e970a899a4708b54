import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Radio,
  Space,
  Spin,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useOptionalSession } from '../../../../app/session.tsx';
import { useAdminAppointment } from '../../../../features/appointments-admin/api/findAppointmentInformationAllForAppointMent.ts';
import { useUpdateAppointmentTime } from '../../../../features/appointments-admin/api/updateAppointmentTime.ts';
import { bookingStatus, isOpen } from '../../../../features/appointments-admin/status.ts';
import { bookingDate } from '../../../../features/booking/dates.ts';
import { useResourceSlotAvailability } from '../../../../features/booking/api/findResourceSlotAvailability.ts';
import { useResources } from '../../../../features/resources/api/findResources.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';
import { BookingStatusTags } from './BookingStatus.tsx';
import { APPOINTMENT_LIST_PATH } from './paths.ts';
import './appointment.css';
import { RecordState } from '../../components/RecordState.tsx';

interface FormValues {
  date?: Dayjs | null;
  slot?: string;
  start?: Dayjs | null;
  end?: Dayjs | null;
}

const DATE = 'YYYY-MM-DD';
const TIME = 'HH:mm';

/**
 * Change a booking's time (`/manage/appointment/appointment-update/:id`): a new date and one of
 * the resource's slots (each with its state, only free ones selectable), or a free period for a
 * free-time resource; `updateAppointmentTime` moves it atomically, and a refusal shows its reason.
 */
export default function AppointmentUpdate() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id } = useParams();
  const session = useOptionalSession();
  const booking = useAdminAppointment(id);
  const a = booking.data ?? null;
  const resource = useResources(a?.resources_id);
  const [form] = Form.useForm<FormValues>();
  const date = Form.useWatch('date', form);
  const iso = date ? date.format(DATE) : undefined;
  const freeTime = resource.data?.time_slot_rule === '2';
  const slots = useResourceSlotAvailability(resource.data && !freeTime ? a?.resources_id : undefined, iso);
  const change = useUpdateAppointmentTime();
  const [error, setError] = useState<string | null>(null);
  const now = Date.now();
  const back = () => navigate(APPOINTMENT_LIST_PATH);
  const f = (key: string) => t(`appointments.field.${key}`);

  if (!a) {
    return (
      <Card variant="borderless">
        <RecordState
          query={booking}
          notFound={t('appointments.message.notFound')}
          extra={<Button onClick={back}>{t('appointments.action.back')}</Button>}
        />
      </Card>
    );
  }

  const changeable = isOpen(a, now);
  const notBooker = session !== null && session.account !== a.appointment_user && session.account !== a.created_user;
  const currentDate = bookingDate(a.appointment_date);

  const submit = async (v: FormValues) => {
    setError(null);
    const appointment_date = v.date!.format(DATE);
    try {
      await change.mutateAsync(
        freeTime
          ? { id: a.id, appointment_date, start_time: v.start!.format(TIME), end_time: v.end!.format(TIME) }
          : { id: a.id, appointment_date, timeSlotId: v.slot! },
      );
      void message.success(t('appointments.message.changed'));
      back();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const required = (field: string) => ({ required: true, message: t('appointments.message.required', { field }) });

  return (
    <Card
      variant="borderless"
      className="yy-booking-page"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('appointments.action.back')} onClick={back} />
          {t('route.manage.appointmentUpdate')}
        </Space>
      }
    >
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2 }}
        title={t('appointments.message.current')}
        items={[
          { key: 'resource', label: f('resource'), children: pick(a.resources_name, a.resources_name_en) },
          { key: 'booker', label: f('booker'), children: `${a.appointment_user_name} (${a.appointment_user})` },
          { key: 'date', label: f('date'), children: currentDate },
          { key: 'time', label: f('time'), children: `${a.start_time}-${a.end_time}` },
          { key: 'status', label: f('status'), children: <BookingStatusTags booking={a} now={now} /> },
          { key: 'theme', label: f('theme'), children: pick(a.theme, a.theme_en) || '—' },
        ]}
      />
      <div style={{ height: 16 }} />
      {!changeable ? (
        <Alert
          className="yy-booking-alert"
          type="warning"
          showIcon
          title={t('appointments.message.notChangeable', {
            status: t(`appointments.status.${bookingStatus(a, now)}`),
          })}
        />
      ) : notBooker ? (
        <Alert className="yy-booking-alert" type="info" showIcon title={t('appointments.message.forBooker')} />
      ) : null}
      {error ? <Alert className="yy-booking-alert" type="error" showIcon role="alert" title={error} /> : null}
      {resource.error ? (
        <Alert
          className="yy-booking-alert"
          type="error"
          showIcon
          title={`${t('appointments.message.resourceFailed')}: ${errorText(resource.error)}`}
        />
      ) : null}
      <Form<FormValues>
        form={form}
        name="bookingChangeTime"
        layout="vertical"
        disabled={!changeable}
        initialValues={{ date: dayjs(currentDate), start: null, end: null }}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed) => {
          if ('date' in changed) form.setFieldValue('slot', undefined);
        }}
      >
        <Form.Item name="date" label={f('newDate')} rules={[required(f('newDate'))]}>
          <DatePicker format={DATE} placeholder={t('appointments.placeholder.pickDate')} style={{ width: 200 }} />
        </Form.Item>
        {resource.isLoading ? (
          <Spin />
        ) : freeTime ? (
          <>
            <Typography.Text type="secondary" className="yy-booking-users-hint">
              {t('appointments.message.freeTimeHint')}
            </Typography.Text>
            <Space size={16} wrap align="start">
              <Form.Item name="start" label={f('start')} rules={[required(f('start'))]}>
                <TimePicker format={TIME} minuteStep={5} needConfirm={false} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item
                name="end"
                label={f('end')}
                dependencies={['start']}
                rules={[
                  required(f('end')),
                  {
                    validator: async (_, v: Dayjs | null) => {
                      const start = form.getFieldValue('start') as Dayjs | null;
                      if (v && start && v.format(TIME) <= start.format(TIME)) {
                        throw new Error(t('appointments.message.endAfterStart'));
                      }
                    },
                  },
                ]}
              >
                <TimePicker format={TIME} minuteStep={5} needConfirm={false} style={{ width: 140 }} />
              </Form.Item>
            </Space>
          </>
        ) : (
          <Form.Item name="slot" label={f('newSlot')} rules={[required(f('newSlot'))]}>
            {slots.isLoading ? (
              <Spin />
            ) : slots.error ? (
              <Typography.Text type="danger" role="alert">
                {t('appointments.message.slotsFailed')}: {errorText(slots.error)}
              </Typography.Text>
            ) : (slots.data ?? []).length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('appointments.message.noSlots')} />
            ) : (
              <Radio.Group className="yy-booking-slots" optionType="button">
                {(slots.data ?? []).map((s) => {
                  const current = iso === currentDate && s.kssj === a.start_time && s.jssj === a.end_time;
                  const note =
                    s.state === 'available'
                      ? t('appointments.message.slotState', { remaining: s.remaining, capacity: s.capacity })
                      : pick(s.reason_cn, s.reason_en) ||
                        t(`appointments.slotState.${s.state}`, { defaultValue: s.state });
                  return (
                    <Radio.Button key={s.id} value={s.id} disabled={s.state !== 'available'}>
                      <span>
                        {s.kssj}-{s.jssj}
                        {current ? ` · ${t('appointments.message.current')}` : ''}
                      </span>
                      <span className="yy-booking-slot-note">{note}</span>
                    </Radio.Button>
                  );
                })}
              </Radio.Group>
            )}
          </Form.Item>
        )}
        <div>
          <Space className="yy-booking-actions">
            <Button type="primary" htmlType="submit" loading={change.isPending}>
              {t('appointments.action.save')}
            </Button>
            <Button htmlType="button" disabled={false} onClick={back}>
              {t('appointments.action.back')}
            </Button>
          </Space>
        </div>
      </Form>
    </Card>
  );
}
