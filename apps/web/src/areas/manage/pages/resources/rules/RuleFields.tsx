import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { NoReservationForm, RuleFormValues } from '../../../../../features/rules/form.ts';
import type { TimeSlot } from '../../../../../features/rules/types.ts';
import { minutesOf, type RuleIssue } from '../../../../../features/rules/validation.ts';
import { CapacityRulesField } from './CapacityRulesField.tsx';
import './rules.css';

type NamePath = (string | number)[];

/** A '1'/'0' flag as a switch (antd Form control). */
export function FlagSwitch({
  value,
  onChange,
  ariaLabel,
}: {
  value?: string | null;
  onChange?: (v: string) => void;
  ariaLabel?: string;
}) {
  return <Switch checked={value === '1'} onChange={(on) => onChange?.(on ? '1' : '0')} aria-label={ariaLabel} />;
}

/** The message of a rule problem in the current language. */
export function ruleIssueText(t: TFunction, issue: RuleIssue): string {
  return t(`resources.ruleIssue.${issue.code}`, issue.params ?? {});
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The slot to add after the last one: as long as it, right after it (or 09:00-10:00). */
export function nextSlot(slots: readonly TimeSlot[]): TimeSlot {
  const last = slots[slots.length - 1];
  const s = minutesOf(last?.kssj);
  const e = minutesOf(last?.jssj);
  if (s === null || e === null || e <= s || e >= 1440) return { kssj: '09:00', jssj: '10:00' };
  return { kssj: hhmm(e), jssj: hhmm(Math.min(1440, e + (e - s))) };
}

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));
const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'];

export interface RuleFieldsProps {
  /** Where the rule values sit in the form (`[]` for a template, `['rules']` for a resource). */
  prefix?: NamePath;
  /** Problems found on submit that belong to no single field (no slots). */
  issues?: RuleIssue[];
}

/**
 * The booking-rule editor shared by rule templates and resources' own rules: bookable months,
 * dates and weekdays, time slots or free time, non-bookable periods, opening and advance
 * booking, intervals and windows, approval and checks, check-in (and its notices), number
 * limits and capacity rules. Values are
 * `RuleFormValues` (features/rules/form.ts); problems come from `ruleIssues`.
 */
export function RuleFields({ prefix = [], issues = [] }: RuleFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const at = (...path: NamePath): NamePath => [...prefix, ...path];
  const mode = (Form.useWatch(at('time_slot_rule'), form) as string | undefined) ?? '1';
  const noReservations = (Form.useWatch(at('noReservations'), form) as NoReservationForm[] | undefined) ?? [];
  const numberLimits = (Form.useWatch(at('numberLimits'), form) as RuleFormValues['numberLimits'] | undefined) ?? [];
  const advance = Form.useWatch(at('advance_booking_rule'), form) as string | undefined;
  const signin = Form.useWatch(at('config', 'signin_rule'), form) as string | undefined;
  const signinNotice = Form.useWatch(at('config', 'signin_notification_push'), form) as string | undefined;
  const slotsMissing = issues.some((i) => i.code === 'slotsRequired');
  const weekdayOptions = WEEKDAYS.map((d) => ({ value: d, label: t(`resources.weekday.${d}`) }));
  const minutes = (name: NamePath, label: string, max = 525_600) => (
    <Form.Item name={at(...name)} label={label}>
      <InputNumber min={0} max={max} precision={0} suffix={t('resources.unit.minutes')} style={{ width: 180 }} />
    </Form.Item>
  );

  return (
    <div className="yy-rule-fields">
      <Divider titlePlacement="start">{t('resources.rules.section.time')}</Divider>
      <Form.Item name={at('time_slot_rule')} label={t('resources.rules.timeSlotRule')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: '1', label: t('resources.rules.timeSlotRule1') },
            { value: '2', label: t('resources.rules.timeSlotRule2') },
          ]}
        />
      </Form.Item>
      {mode === '2' ? (
        <Space wrap size="large" align="start">
          {minutes(['config', 'pertimeslot_min_minutes'], t('resources.rules.minMinutes'), 1440)}
          {minutes(['config', 'pertimeslot_max_minutes'], t('resources.rules.maxMinutes'), 1440)}
        </Space>
      ) : (
        <Form.List name={at('slots')}>
          {(fields, { add, remove }) => (
            <div className="yy-rule-list" aria-label={t('resources.rules.slots')}>
              <Typography.Text strong>{t('resources.rules.slots')}</Typography.Text>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap className="yy-rule-row" data-testid="rule-slot">
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[field.name, 'kssj']} label={t('resources.rules.slotStart', { n: index + 1 })}>
                    <Input type="time" className="yy-time-input" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'jssj']} label={t('resources.rules.slotEnd', { n: index + 1 })}>
                    <Input type="time" className="yy-time-input" />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    className="yy-rule-remove"
                    aria-label={t('resources.rules.removeSlot', { n: index + 1 })}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              {slotsMissing && fields.length === 0 ? (
                <Alert type="error" showIcon title={t('resources.ruleIssue.slotsRequired')} />
              ) : null}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add(nextSlot((form.getFieldValue(at('slots')) as TimeSlot[] | undefined) ?? []))}
              >
                {t('resources.rules.addSlot')}
              </Button>
            </div>
          )}
        </Form.List>
      )}

      <Divider titlePlacement="start">{t('resources.rules.section.dates')}</Divider>
      <Form.Item name={at('months')} label={t('resources.rules.months')} extra={t('resources.rules.monthsHint')}>
        <Checkbox.Group
          className="yy-rule-checks"
          options={MONTHS.map((m) => ({ value: m, label: t(`resources.monthName.${m}`) }))}
        />
      </Form.Item>
      <Form.Item name={at('weeks')} label={t('resources.rules.weeks')} extra={t('resources.rules.weeksHint')}>
        <Checkbox.Group className="yy-rule-checks" options={weekdayOptions} />
      </Form.Item>
      <Form.List name={at('dates')}>
        {(fields, { add, remove }) => (
          <div className="yy-rule-list">
            <Typography.Text strong>{t('resources.rules.dates')}</Typography.Text>
            <Typography.Text type="secondary" className="yy-rule-hint">
              {t('resources.rules.datesHint')}
            </Typography.Text>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" wrap className="yy-rule-row">
                <Form.Item name={[field.name, 'start']} label={t('resources.rules.dateStart', { n: index + 1 })}>
                  <Input type="date" className="yy-date-input" />
                </Form.Item>
                <Form.Item name={[field.name, 'end']} label={t('resources.rules.dateEnd', { n: index + 1 })}>
                  <Input type="date" className="yy-date-input" />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  className="yy-rule-remove"
                  aria-label={t('resources.rules.removeDate', { n: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ start: '', end: '' })}>
              {t('resources.rules.addDate')}
            </Button>
          </div>
        )}
      </Form.List>

      <Divider titlePlacement="start">{t('resources.rules.section.closed')}</Divider>
      <Form.List name={at('noReservations')}>
        {(fields, { add, remove }) => (
          <div className="yy-rule-list">
            {fields.map((field, index) => {
              const type = noReservations[field.name]?.rule_type ?? '4';
              return (
                <div key={field.key} className="yy-rule-card" data-testid="rule-closed">
                  <Space align="start" wrap>
                    <Form.Item name={[field.name, 'rule_type']} label={t('resources.rules.closedType')}>
                      <Select
                        style={{ width: 150 }}
                        options={['1', '2', '3', '4'].map((v) => ({ value: v, label: t(`resources.closedType.${v}`) }))}
                      />
                    </Form.Item>
                    {type === '1' ? (
                      <>
                        <Form.Item name={[field.name, 'start_date']} label={t('resources.rules.startDate')}>
                          <Input type="date" className="yy-date-input" />
                        </Form.Item>
                        <Form.Item name={[field.name, 'end_date']} label={t('resources.rules.endDate')}>
                          <Input type="date" className="yy-date-input" />
                        </Form.Item>
                      </>
                    ) : null}
                    {type === '2' ? (
                      <Form.Item name={[field.name, 'week']} label={t('resources.rules.weeks')}>
                        <Checkbox.Group className="yy-rule-checks" options={weekdayOptions} />
                      </Form.Item>
                    ) : null}
                    {type === '3' ? (
                      <>
                        <Form.Item name={[field.name, 'month']} label={t('resources.rules.month')}>
                          <Select
                            style={{ width: 100 }}
                            options={MONTHS.map((m) => ({ value: m, label: t(`resources.monthName.${m}`) }))}
                          />
                        </Form.Item>
                        <Form.Item name={[field.name, 'day']} label={t('resources.rules.day')}>
                          <Input style={{ width: 90 }} inputMode="numeric" placeholder="1-31" />
                        </Form.Item>
                      </>
                    ) : null}
                    <Form.Item
                      name={[field.name, 'start_time']}
                      label={t('resources.rules.startTime')}
                      extra={t('resources.rules.wholeDayHint')}
                    >
                      <Input type="time" className="yy-time-input" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'end_time']} label={t('resources.rules.endTime')}>
                      <Input type="time" className="yy-time-input" />
                    </Form.Item>
                  </Space>
                  <Space align="start" wrap>
                    <Form.Item
                      name={[field.name, 'reason_cn']}
                      label={t('resources.rules.reasonCn')}
                      required
                      className="yy-rule-reason"
                    >
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'reason_en']}
                      label={t('resources.rules.reasonEn')}
                      className="yy-rule-reason"
                    >
                      <Input maxLength={200} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      className="yy-rule-remove"
                      aria-label={t('resources.rules.removeClosed', { n: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                </div>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() =>
                add({ rule_type: '4', week: [], start_time: '', end_time: '', reason_cn: '', reason_en: '' })
              }
            >
              {t('resources.rules.addClosed')}
            </Button>
          </div>
        )}
      </Form.List>

      <Divider titlePlacement="start">{t('resources.rules.section.open')}</Divider>
      <Space wrap size="large" align="start">
        <Form.Item
          name={at('appointment_date_days')}
          label={t('resources.rules.daysAhead')}
          extra={t('resources.rules.daysAheadHint')}
        >
          <InputNumber min={0} max={3650} precision={0} suffix={t('resources.unit.days')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name={at('days_rule_refresh_time')} label={t('resources.rules.refreshTime')}>
          <Input type="time" className="yy-time-input" />
        </Form.Item>
      </Space>
      <Form.Item name={at('advance_booking_rule')} label={t('resources.rules.advance')}>
        <FlagSwitch ariaLabel={t('resources.rules.advance')} />
      </Form.Item>
      {advance === '1' ? (
        <div className="yy-rule-card">
          {(['max', 'min'] as const).map((kind) => (
            <Space key={kind} wrap align="start">
              <Typography.Text className="yy-rule-inline-label">{t(`resources.rules.${kind}Advance`)}</Typography.Text>
              {(['day', 'hour', 'minute'] as const).map((unit) => (
                <Form.Item key={unit} name={at(`${kind}_advance_booking_${unit}`)} noStyle>
                  <InputNumber
                    min={0}
                    max={unit === 'day' ? 3650 : unit === 'hour' ? 23 : 59}
                    precision={0}
                    aria-label={`${t(`resources.rules.${kind}Advance`)} ${t(`resources.unit.${unit}s`)}`}
                    suffix={t(`resources.unit.${unit}s`)}
                    style={{ width: 130 }}
                  />
                </Form.Item>
              ))}
            </Space>
          ))}
          {issues.some((i) => i.code === 'advanceMinAboveMax') ? (
            <Alert type="error" showIcon title={t('resources.ruleIssue.advanceMinAboveMax')} />
          ) : null}
        </div>
      ) : null}
      <Space wrap size="large" align="start">
        {minutes(['min_interval_minutes'], t('resources.rules.minInterval'))}
        {minutes(['min_interval_minutes_cancel'], t('resources.rules.cancelWindow'))}
        {minutes(['min_interval_minutes_change'], t('resources.rules.changeWindow'))}
      </Space>
      <Space wrap size="large" align="start" className="yy-rule-wide">
        <Form.Item name={at('min_interval_minutes_prompt')} label={t('resources.rules.intervalPrompt')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name={at('min_interval_minutes_prompt_en')} label={t('resources.rules.intervalPromptEn')}>
          <Input maxLength={500} />
        </Form.Item>
      </Space>

      <Divider titlePlacement="start">{t('resources.rules.section.checks')}</Divider>
      <Space wrap size="large" align="start">
        {(
          ['need_approve', 'open_captcha_verify', 'open_frequency_verify', 'cyclicity_rule', 'batch_rule'] as const
        ).map((f) => (
          <Form.Item key={f} name={at(f)} label={t(`resources.rules.${f}`)}>
            <FlagSwitch ariaLabel={t(`resources.rules.${f}`)} />
          </Form.Item>
        ))}
      </Space>

      <Divider titlePlacement="start">{t('resources.rules.section.signin')}</Divider>
      <Form.Item name={at('config', 'signin_rule')} label={t('resources.rules.signin')}>
        <FlagSwitch ariaLabel={t('resources.rules.signin')} />
      </Form.Item>
      {signin === '1' ? (
        <Space wrap size="large" align="start">
          {minutes(['config', 'earliest_deviation_minutes'], t('resources.rules.earliest'), 1440)}
          {minutes(['config', 'latest_deviation_minutes'], t('resources.rules.latest'), 1440)}
          {minutes(['config', 'holding_minutes'], t('resources.rules.holding'), 1440)}
          <Form.Item name={at('config', 'sign_out_rule')} label={t('resources.rules.signOut')}>
            <FlagSwitch ariaLabel={t('resources.rules.signOut')} />
          </Form.Item>
        </Space>
      ) : null}
      {signin === '1' ? (
        <div className="yy-rule-card">
          <Form.Item
            name={at('config', 'signin_notification_push')}
            label={t('resources.rules.signinNotice')}
            extra={t('resources.rules.signinNoticeHint')}
          >
            <FlagSwitch ariaLabel={t('resources.rules.signinNotice')} />
          </Form.Item>
          {signinNotice === '1' ? (
            <Form.Item
              name={at('config', 'signin_notification_rule')}
              label={t('resources.rules.signinNoticeText')}
              extra={t('resources.notify.placeholders')}
              rules={[{ max: 1000, message: t('resources.notify.tooLong', { max: 1000 }) }]}
            >
              <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
          ) : null}
        </div>
      ) : null}

      <Divider titlePlacement="start">{t('resources.rules.section.limits')}</Divider>
      <Form.Item name={at('per_max_available_number')} label={t('resources.rules.perMax')}>
        <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.List name={at('numberLimits')}>
        {(fields, { add, remove }) => (
          <div className="yy-rule-list">
            <Typography.Text strong>{t('resources.rules.numberLimits')}</Typography.Text>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" wrap className="yy-rule-row">
                <Form.Item name={[field.name, 'appointment_number_rule']} label={t('resources.rules.limitPeriod')}>
                  <Select
                    style={{ width: 140 }}
                    options={['1', '2', '3', '4'].map((v) => ({ value: v, label: t(`resources.limitRule.${v}`) }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'appointment_number_limit']} label={t('resources.rules.limitCount')}>
                  <InputNumber min={0} max={100000} precision={0} style={{ width: 110 }} />
                </Form.Item>
                {numberLimits[field.name]?.appointment_number_rule === '4' ? (
                  <>
                    <Form.Item
                      name={[field.name, 'timeperiod_number_begin_date']}
                      label={t('resources.rules.startDate')}
                    >
                      <Input type="date" className="yy-date-input" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'timeperiod_number_end_date']} label={t('resources.rules.endDate')}>
                      <Input type="date" className="yy-date-input" />
                    </Form.Item>
                  </>
                ) : null}
                <Button
                  icon={<DeleteOutlined />}
                  className="yy-rule-remove"
                  aria-label={t('resources.rules.removeLimit', { n: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ appointment_number_rule: '1', appointment_number_limit: 1 })}
            >
              {t('resources.rules.addLimit')}
            </Button>
          </div>
        )}
      </Form.List>
      <Divider titlePlacement="start">{t('resources.capacity.title')}</Divider>
      <CapacityRulesField prefix={prefix} />
    </div>
  );
}
