import { Alert, App, DatePicker, Descriptions, Form, Modal, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateAppointmentTime } from '../../../../features/booking/api/updateAppointmentTime.ts';
import { errorText } from '../../../../features/booking/result.ts';
import type { Appointment } from '../../../../features/booking/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { bookingDate, todayIso } from '../../../../features/booking/dates.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { normalChoiceProblem } from '../../booking/bookingRequest.ts';
import { FreePeriodPicker, NO_PERIOD } from '../../booking/dialog/TimeFields.tsx';
import { freeBoundsOf, useResourceForBooking } from '../../booking/resourceForBooking.ts';
import { SlotPicker } from '../../booking/SlotPicker.tsx';

/**
 * The change time dialog (spec 2.6): another slot (or free period) of the same resource; the
 * server moves the booking atomically or refuses with its reason.
 */
export function ChangeTimeDialog({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const today = todayIso();
  const resource = useResourceForBooking(appointment.resources_id);
  const freeTime = resource.data?.time_slot_rule === '2';
  const currentDate = bookingDate(appointment.appointment_date);
  const [date, setDate] = useState(currentDate >= today ? currentDate : today);
  const [slotIds, setSlotIds] = useState<string[]>([]);
  const [period, setPeriod] = useState(NO_PERIOD);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useUpdateAppointmentTime();

  const submit = () => {
    const found = normalChoiceProblem(
      { mode: 'normal', date, slotIds, startTime: period.start, endTime: period.end },
      freeTime,
      freeBoundsOf(resource.data),
      resource.data?.noReservationTimeSlotList ?? [],
      currentLanguage(),
    );
    if (found) {
      setProblem(t(found.key, found.values));
      return;
    }
    setProblem(null);
    change.mutate(
      {
        id: appointment.id,
        appointment_date: date,
        ...(freeTime ? { start_time: period.start, end_time: period.end } : { timeSlotId: slotIds[0] }),
      },
      {
        onSuccess: () => {
          message.success(t('pcBooking.change.done'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('pcBooking.change.title')}
      okText={t('pcBooking.change.ok')}
      cancelText={t('pcBooking.cancel')}
      onOk={submit}
      okButtonProps={{ loading: change.isPending, disabled: !resource.data }}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('pcBooking.mine.resource')}>
          {pick(appointment.resources_name, appointment.resources_name_en)}
        </Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.change.current')}>
          {`${currentDate} ${appointment.start_time}–${appointment.end_time}`}
        </Descriptions.Item>
      </Descriptions>
      {change.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('pcBooking.dialog.refused')}
          description={errorText(change.error)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {resource.isPending ? (
        <Skeleton active />
      ) : resource.error ? (
        <Alert type="error" showIcon title={errorText(resource.error)} />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('pcBooking.change.newDate')} required>
            <DatePicker
              value={dayjs(date)}
              allowClear={false}
              disabledDate={(d) => d.format('YYYY-MM-DD') < today}
              onChange={(d) => {
                if (!d) return;
                setDate(d.format('YYYY-MM-DD'));
                setSlotIds([]);
                setProblem(null);
              }}
            />
          </Form.Item>
          {freeTime ? (
            <Form.Item label={t('pcBooking.dialog.period')} required>
              <FreePeriodPicker value={period} onChange={setPeriod} />
            </Form.Item>
          ) : (
            <Form.Item label={t('pcBooking.change.newSlot')} required>
              <SlotPicker
                resourceId={appointment.resources_id}
                date={date}
                value={slotIds}
                single
                onChange={(ids) => {
                  setSlotIds(ids);
                  setProblem(null);
                }}
              />
            </Form.Item>
          )}
        </Form>
      )}
      {problem ? <Alert type="warning" showIcon title={problem} role="alert" /> : null}
    </Modal>
  );
}
