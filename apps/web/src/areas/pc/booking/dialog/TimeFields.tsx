import { Checkbox, Form, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ResourceSlot } from '../../../../features/booking/types.ts';

/** A free period as the booking feature takes it: "HH:mm" start and end ('' when not chosen). */
export interface FreePeriod {
  start: string;
  end: string;
}

export const NO_PERIOD: FreePeriod = { start: '', end: '' };

const timeValue = (hhmm: string): Dayjs | null => (hhmm ? dayjs(`2000-01-01T${hhmm}`) : null);
const hhmmOf = (d: Dayjs | null | undefined): string => (d ? d.format('HH:mm') : '');

/** A free period's start and end, five minutes apart at least. */
export function FreePeriodPicker({
  value = NO_PERIOD,
  onChange,
}: {
  value?: FreePeriod;
  onChange?: (period: FreePeriod) => void;
}) {
  return (
    <TimePicker.RangePicker
      format="HH:mm"
      minuteStep={5}
      needConfirm={false}
      order={false}
      value={[timeValue(value.start), timeValue(value.end)]}
      onChange={(v) => onChange?.({ start: hhmmOf(v?.[0]), end: hhmmOf(v?.[1]) })}
    />
  );
}

/** The hint under a free period: the resource's shortest and longest booking. */
export function periodHint(bounds: { min: number; max: number }, t: TFunction) {
  return bounds.min || bounds.max
    ? t('pcBooking.dialog.periodHint', { min: bounds.min || '-', max: bounds.max || '-' })
    : undefined;
}

/** The time part of a rule dialog: the resource's fixed slots to tick, or a free period. */
export function TimeFields({
  slots,
  freeTime,
  bounds,
}: {
  slots: readonly ResourceSlot[];
  freeTime: boolean;
  bounds: { min: number; max: number };
}) {
  const { t } = useTranslation();
  if (freeTime) {
    return (
      <Form.Item name="period" label={t('pcBooking.dialog.period')} required extra={periodHint(bounds, t)}>
        <FreePeriodPicker />
      </Form.Item>
    );
  }
  return (
    <Form.Item name="slotIds" label={t('pcBooking.dialog.slots')} required>
      {slots.length === 0 ? (
        <Typography.Text type="secondary">{t('pcBooking.noSlots')}</Typography.Text>
      ) : (
        <Checkbox.Group
          className="yy-rule-slots"
          options={[...slots]
            .sort((a, b) => a.kssj.localeCompare(b.kssj))
            .map((s) => ({ value: s.id, label: `${s.kssj}–${s.jssj}` }))}
        />
      )}
    </Form.Item>
  );
}
