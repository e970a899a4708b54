import { Button, Skeleton } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAppointment } from '../../../../../features/booking/api/findAppointmentInformationAllForAccount.ts';
import { useBookableResource } from '../../../../../features/booking/api/findResources.ts';
import { useResourcesAllByAccount } from '../../../../../features/booking/api/findResourcesAllByAccount.ts';
import { useResourceSlotAvailability } from '../../../../../features/booking/api/findResourceSlotAvailability.ts';
import { useUpdateAppointmentTime } from '../../../../../features/booking/api/updateAppointmentTime.ts';
import { bookingDate, dateChoices, todayIso } from '../../../../../features/booking/dates.ts';
import { errorText } from '../../../../../features/booking/result.ts';
import { freeTimeLimits, freeTimeProblem, toggleSlot } from '../../../../../features/booking/slots.ts';
import { currentLanguage, pick } from '../../../../../lib/i18n.ts';
import { Empty, LoadFailed, Loading } from '../../../components/LoadState.tsx';
import { showAlert, showToast } from '../../../components/overlay.ts';
import { PageNav } from '../../../components/PageNav.tsx';
import { mobilePaths } from '../../../paths.ts';
import { DateStrip } from './DateStrip.tsx';
import { FreeTimePicker } from './FreeTimePicker.tsx';
import { SlotPicker } from './SlotPicker.tsx';
import '../booking.css';

/**
 * Change a booking's time (`/mobile/chooseAnotherTime/{resourceId}/{appointmentId}`): one new
 * slot (or free period) of the same resource; the server moves it atomically or says why not.
 */
export default function ChooseAnotherTime() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '', appId = '' } = useParams();
  const lang = currentLanguage();
  const resource = useBookableResource(id);
  const appointment = useAppointment(appId);
  const update = useUpdateAppointmentTime();
  const r = resource.data;
  const a = appointment.data;
  const today = todayIso();
  const dates = useMemo(() => (r ? dateChoices(r, today) : []), [r, today]);
  const [picked, setPicked] = useState<string | null>(null);
  const current = a ? bookingDate(a.appointment_date) : '';
  const date = picked ?? (dates.includes(current) ? current : (dates[0] ?? ''));
  const freeTime = r?.time_slot_rule === '2';
  const slots = useResourceSlotAvailability(r && !freeTime ? id : null, date);
  const closedQuery = useResourcesAllByAccount(
    { bookDate: date, filter: { id: { eq: id } } },
    Boolean(r && freeTime && date),
  );
  const closed = closedQuery.data?.[0]?.noReservationTimeSlotList ?? [];
  const [slotId, setSlotId] = useState<string[]>([]);
  const [period, setPeriod] = useState({ start: '', end: '' });
  const detail = mobilePaths.appointmentDetail('todo', appId);

  const confirm = async () => {
    if (!r || !a) return;
    if (freeTime) {
      const bad = freeTimeProblem(period.start, period.end, freeTimeLimits(r), closed, lang);
      if (bad) {
        void showAlert({ content: t(bad.key, bad.values), confirmText: t('booking.ok') });
        return;
      }
    }
    try {
      const res = await update.mutateAsync({
        id: appId,
        appointment_date: date,
        ...(freeTime ? { start_time: period.start, end_time: period.end } : { timeSlotId: slotId[0] }),
      });
      void showToast(pick(res.msg, res.msg_en) || t('booking.change.done'), 'success');
      navigate(detail, { replace: true });
    } catch (err) {
      void showAlert({ title: t('booking.change.refused'), content: errorText(err), confirmText: t('booking.ok') });
    }
  };

  const ready = freeTime ? Boolean(period.start && period.end) : slotId.length === 1;
  const loading = resource.isPending || appointment.isPending;
  const failed = resource.error ?? appointment.error;

  return (
    <div className="yy-m-page yy-m-page-with-bar">
      <PageNav title={t('route.mobile.chooseAnotherTime')} fallback={detail} />
      {loading ? (
        <Loading />
      ) : failed ? (
        <LoadFailed
          error={failed}
          onRetry={() => {
            void resource.refetch();
            void appointment.refetch();
          }}
        />
      ) : !r || !a ? (
        <Empty title={t('booking.detail.notFound')} />
      ) : (
        <>
          <section className="yy-m-card yy-m-summary">
            <strong>{pick(a.resources_name, a.resources_name_en)}</strong>
            <div className="yy-m-muted">
              {t('booking.change.current', { when: `${current} ${a.start_time}-${a.end_time}` })}
            </div>
          </section>
          <DateStrip
            dates={dates}
            value={date}
            onChange={(d) => {
              setPicked(d);
              setSlotId([]);
            }}
          />
          <section className="yy-m-card" aria-label={t('booking.choose.time')}>
            {freeTime ? (
              <FreeTimePicker start={period.start} end={period.end} onChange={setPeriod} closed={closed} />
            ) : slots.isPending ? (
              <Skeleton.Paragraph lineCount={4} animated />
            ) : slots.error ? (
              <LoadFailed error={slots.error} onRetry={() => void slots.refetch()} />
            ) : (slots.data ?? []).length === 0 ? (
              <Empty title={t('booking.choose.noSlots')} />
            ) : (
              <SlotPicker
                slots={slots.data ?? []}
                selected={slotId}
                onToggle={(slot) => setSlotId((ids) => toggleSlot(ids, slot.id, true))}
              />
            )}
          </section>
          <div className="yy-m-bottom-bar">
            <Button
              color="primary"
              size="large"
              disabled={!ready}
              loading={update.isPending}
              onClick={() => void confirm()}
            >
              {t('booking.change.confirm')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
