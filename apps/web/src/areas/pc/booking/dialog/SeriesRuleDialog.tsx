import { Checkbox, DatePicker, Form, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { shortOpening, todayIso } from '../../../../features/booking/dates.ts';
import {
  PERIOD_STRATEGIES,
  seriesProblem,
  type PeriodStrategy,
  type SeriesForm,
} from '../../../../features/booking/series.ts';
import type { ResourceSlot } from '../../../../features/booking/types.ts';
import { TimeFields, type FreePeriod } from './TimeFields.tsx';

interface Values {
  strategy?: PeriodStrategy;
  weekdays?: string[];
  monthDays?: string[];
  range?: [Dayjs | null, Dayjs | null] | null;
  dates?: Dayjs[] | null;
  slotIds?: string[];
  period?: FreePeriod;
}

/** The form field a problem of a series setup (features/booking/series.ts) belongs to. */
const PROBLEM_FIELD: Record<string, string> = {
  'booking.series.invalid.range': 'range',
  'booking.series.invalid.tooLong': 'range',
  'booking.series.invalid.weekdays': 'weekdays',
  'booking.series.invalid.monthDays': 'monthDays',
  'booking.series.invalid.dates': 'dates',
  'booking.series.invalid.slots': 'slotIds',
  'booking.series.invalid.time': 'period',
};

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'];
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const iso = (d: Dayjs | null | undefined) => d?.format('YYYY-MM-DD') ?? '';

/** The setup the form holds. */
function ruleOf(initial: SeriesForm, v: Values): SeriesForm {
  const times = { slotIds: v.slotIds ?? [], startTime: v.period?.start ?? '', endTime: v.period?.end ?? '' };
  if (initial.mode === 'batch') {
    return { ...initial, ...times, dates: [...new Set((v.dates ?? []).map(iso))].sort() };
  }
  return {
    ...initial,
    ...times,
    strategy: v.strategy ?? initial.strategy,
    weekdays: v.weekdays ?? [],
    monthDays: v.monthDays ?? [],
    startDate: iso(v.range?.[0]),
    endDate: iso(v.range?.[1]),
  };
}

/**
 * The periodic and batch rule dialogs (spec 2.6, 5). Periodic: every day, weekly on chosen
 * weekdays or monthly on chosen days, between two dates (at most 366 days). Batch: several
 * dates. Either at the chosen slots or a free period. The setup is checked by the booking
 * feature's rules before it is handed on; a problem shows under its field.
 */
export function SeriesRuleDialog({
  initial,
  slots,
  freeTime,
  bounds,
  opening = () => null,
  next = null,
  onOk,
  onCancel,
}: {
  initial: SeriesForm;
  slots: readonly ResourceSlot[];
  freeTime: boolean;
  bounds: { min: number; max: number };
  /** When a date not open for booking yet opens ("YYYY-MM-DD HH:mm"); null when it is open. */
  opening?: (iso: string) => string | null;
  /** The first date not open yet from today, and when it opens. */
  next?: { date: string; opensAt: string } | null;
  onOk: (rule: SeriesForm) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const strategy = (Form.useWatch('strategy', form) as PeriodStrategy | undefined) ?? initial.strategy;
  const today = todayIso();
  const periodic = initial.mode === 'periodic';
  const beforeToday = (d: Dayjs) => iso(d) < today;
  const range = Form.useWatch('range', form) as Values['range'] | undefined;
  const rangeEnd = range?.[1] ? iso(range[1]) : initial.endDate;
  // A periodic rule may run past the dates open now (its later dates are refused in the preview, and may be booked
  // once open); a batch picks dates one by one, so a date not open yet cannot be picked.
  const notOpenNote =
    next && (!rangeEnd || rangeEnd >= next.date)
      ? t('pcBooking.periodic.notOpenFrom', { date: next.date, time: shortOpening(next.opensAt, today) })
      : undefined;

  const submit = () => {
    const rule = ruleOf(initial, form.getFieldsValue(true) as Values);
    const problem = seriesProblem(rule, freeTime);
    if (!problem) onOk(rule);
    else form.setFields([{ name: PROBLEM_FIELD[problem.key] ?? 'range', errors: [t(problem.key, problem.values)] }]);
  };

  return (
    <Modal
      open
      title={t(periodic ? 'pcBooking.periodic.title' : 'pcBooking.batch.title')}
      okText={t(periodic ? 'pcBooking.periodic.ok' : 'pcBooking.batch.ok')}
      cancelText={t('pcBooking.cancel')}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
      width={620}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          strategy: initial.strategy,
          weekdays: initial.weekdays,
          monthDays: initial.monthDays,
          range: [initial.startDate ? dayjs(initial.startDate) : null, initial.endDate ? dayjs(initial.endDate) : null],
          dates: initial.dates.map((d) => dayjs(d)),
          slotIds: initial.slotIds,
          period: { start: initial.startTime, end: initial.endTime },
        }}
        onValuesChange={() => form.setFields(form.getFieldsError().map((f) => ({ name: f.name, errors: [] })))}
      >
        {periodic ? (
          <>
            <Form.Item name="strategy" label={t('pcBooking.periodic.strategy')}>
              <Radio.Group
                optionType="button"
                options={PERIOD_STRATEGIES.map((s) => ({ value: s, label: t(`pcBooking.periodic.strategy${s}`) }))}
              />
            </Form.Item>
            {strategy === '2' ? (
              <Form.Item name="weekdays" label={t('pcBooking.periodic.weekdays')} required>
                <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: t(`pcBooking.weekday.${d}`) }))} />
              </Form.Item>
            ) : null}
            {strategy === '3' ? (
              <Form.Item name="monthDays" label={t('pcBooking.periodic.days')} required>
                <Select
                  mode="multiple"
                  allowClear
                  placeholder={t('pcBooking.periodic.daysPlaceholder')}
                  options={DAYS.map((d) => ({ value: d, label: t('pcBooking.periodic.day', { n: d }) }))}
                />
              </Form.Item>
            ) : null}
            <Form.Item name="range" label={t('pcBooking.periodic.range')} required extra={notOpenNote}>
              <DatePicker.RangePicker
                style={{ width: '100%' }}
                disabledDate={beforeToday}
                placeholder={[t('pcBooking.periodic.start'), t('pcBooking.periodic.end')]}
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="dates"
            label={t('pcBooking.batch.dates')}
            required
            extra={
              <>
                <div>{t('pcBooking.batch.datesHint')}</div>
                {next ? (
                  <div>
                    {t('pcBooking.dialog.nextOpening', { date: next.date, time: shortOpening(next.opensAt, today) })}
                  </div>
                ) : null}
              </>
            }
          >
            <DatePicker
              multiple
              maxTagCount="responsive"
              style={{ width: '100%' }}
              disabledDate={(d) => beforeToday(d) || opening(iso(d)) !== null}
              placeholder={t('pcBooking.batch.datesPlaceholder')}
            />
          </Form.Item>
        )}
        <TimeFields slots={slots} freeTime={freeTime} bounds={bounds} />
      </Form>
    </Modal>
  );
}
