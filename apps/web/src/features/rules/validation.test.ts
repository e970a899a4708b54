import { describe, expect, it } from 'vitest';
import { ruleFormOf, ruleInputOf, type RuleFormValues } from './form.ts';
import { minutesOf, ruleIssues, slotIssues } from './validation.ts';

const base = (patch: Partial<RuleFormValues> = {}): RuleFormValues => ({
  ...ruleFormOf(null),
  slots: [{ kssj: '09:00', jssj: '10:00' }],
  ...patch,
});
const codes = (v: RuleFormValues) => ruleIssues(v).map((i) => `${i.path.join('.')}:${i.code}`);

describe('minutesOf', () => {
  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['24:00', 1440],
    ['24:01', null],
    ['9:30', null],
    ['12:60', null],
    ['', null],
  ])('%s -> %s', (text, minutes) => expect(minutesOf(text)).toBe(minutes));
});

describe('slotIssues', () => {
  it.each([
    [
      'adjacent slots are fine',
      [
        ['09:00', '10:00'],
        ['10:00', '11:00'],
      ],
      [],
    ],
    ['start must be before end', [['10:00', '10:00']], ['slots.0.jssj:startBeforeEnd']],
    ['end before start', [['11:00', '10:00']], ['slots.0.jssj:startBeforeEnd']],
    [
      'overlap names the later slot',
      [
        ['09:00', '10:30'],
        ['10:00', '11:00'],
      ],
      ['slots.1.kssj:slotsOverlap'],
    ],
    [
      'overlap in any order',
      [
        ['10:00', '11:00'],
        ['09:00', '10:30'],
      ],
      ['slots.0.kssj:slotsOverlap'],
    ],
    [
      'a slot inside another',
      [
        ['09:00', '12:00'],
        ['10:00', '11:00'],
      ],
      ['slots.1.kssj:slotsOverlap'],
    ],
    ['missing times', [['', '10:00']], ['slots.0.kssj:required']],
    ['malformed time', [['9am', '10:00']], ['slots.0.kssj:timeFormat']],
  ] as const)('%s', (_name, slots, expected) => {
    const issues = slotIssues(slots.map(([kssj, jssj]) => ({ kssj, jssj })));
    expect(issues.map((i) => `${i.path.join('.')}:${i.code}`)).toEqual(expected);
  });

  it('names the slot it overlaps', () => {
    const [issue] = slotIssues([
      { kssj: '09:00', jssj: '10:30' },
      { kssj: '10:00', jssj: '11:00' },
    ]);
    expect(issue?.params).toEqual({ other: '09:00-10:30' });
  });
});

describe('ruleIssues', () => {
  it('accepts a complete set of rules', () => {
    expect(codes(base())).toEqual([]);
  });

  it('needs at least one slot in slot mode, none in free time', () => {
    expect(codes(base({ slots: [] }))).toEqual(['slots:slotsRequired']);
    expect(codes(base({ slots: [], time_slot_rule: '2' }))).toEqual([]);
  });

  it('ignores slots in free time but checks min <= max minutes', () => {
    const free = (min: number, max: number) =>
      base({
        time_slot_rule: '2',
        slots: [{ kssj: '11:00', jssj: '10:00' }],
        config: { pertimeslot_min_minutes: min, pertimeslot_max_minutes: max },
      });
    expect(codes(free(30, 240))).toEqual([]);
    expect(codes(free(60, 60))).toEqual([]);
    expect(codes(free(90, 60))).toEqual(['config.pertimeslot_max_minutes:minAboveMax']);
    expect(codes(free(90, 0))).toEqual([]);
  });

  it('requires a Chinese reason for every non-bookable period', () => {
    const v = base({
      noReservations: [
        { rule_type: '4', start_time: '12:00', end_time: '13:00', reason_cn: '', reason_en: 'Lunch' },
        { rule_type: '4', start_time: '', end_time: '', reason_cn: '闭馆', reason_en: '' },
      ],
    });
    expect(codes(v)).toEqual(['noReservations.0.reason_cn:reasonRequired']);
    expect(codes(base({ noReservations: [{ rule_type: '4', reason_cn: '   ' }] }))).toEqual([
      'noReservations.0.reason_cn:reasonRequired',
    ]);
  });

  it('checks each kind of non-bookable period', () => {
    const one = (n: RuleFormValues['noReservations'][number]) => codes(base({ noReservations: [n] }));
    expect(one({ rule_type: '1', start_date: '2026-05-03', end_date: '2026-05-01', reason_cn: '检修' })).toEqual([
      'noReservations.0.end_date:dateOrder',
    ]);
    expect(one({ rule_type: '1', start_date: '', end_date: '2026-05-01', reason_cn: '检修' })).toEqual([
      'noReservations.0.start_date:required',
    ]);
    expect(one({ rule_type: '2', week: [], reason_cn: '周末' })).toEqual(['noReservations.0.week:weekRequired']);
    expect(one({ rule_type: '3', month: '', reason_cn: '假期' })).toEqual(['noReservations.0.month:monthRequired']);
    expect(one({ rule_type: '3', month: '10', day: '32', reason_cn: '假期' })).toEqual([
      'noReservations.0.day:dayInvalid',
    ]);
    expect(one({ rule_type: '4', start_time: '13:00', end_time: '12:00', reason_cn: '午休' })).toEqual([
      'noReservations.0.end_time:startBeforeEnd',
    ]);
    expect(one({ rule_type: '4', start_time: '12:00', end_time: '', reason_cn: '午休' })).toEqual([
      'noReservations.0.end_time:required',
    ]);
  });

  it('checks date ranges, advance booking and number-limit periods', () => {
    expect(codes(base({ dates: [{ start: '2026-06-30', end: '2026-06-01' }] }))).toEqual(['dates.0.end:dateOrder']);
    expect(
      codes(
        base({
          advance_booking_rule: '1',
          max_advance_booking_day: 1,
          min_advance_booking_hour: 23,
          min_advance_booking_day: 1,
        }),
      ),
    ).toEqual(['min_advance_booking_day:advanceMinAboveMax']);
    expect(codes(base({ advance_booking_rule: '0', max_advance_booking_day: 1, min_advance_booking_day: 2 }))).toEqual(
      [],
    );
    expect(
      codes(
        base({
          numberLimits: [
            {
              appointment_number_rule: '4',
              appointment_number_limit: 2,
              timeperiod_number_begin_date: '2026-02-01',
              timeperiod_number_end_date: '2026-01-01',
            },
          ],
        }),
      ),
    ).toEqual(['numberLimits.0.timeperiod_number_end_date:dateOrder']);
  });
});

describe('ruleFormOf / ruleInputOf', () => {
  it('round-trips stored rules into the server input', () => {
    const form = ruleFormOf({
      time_slot_rule: '1',
      appointment_date_days: 7,
      days_rule_refresh_time: '21:00',
      need_approve: '1',
      resourcesMonthList: [{ month: '3' }, { month: '1' }],
      resourcesWeek: [{ zj: '5' }, { zj: '1' }],
      resourcesTimeSlot: [
        { id: 'b', kssj: '10:00', jssj: '11:00' },
        { id: 'a', kssj: '09:00', jssj: '10:00' },
      ],
      resourcesNoReservationConfigList: [{ rule_type: '2', week: '6,7', reason_cn: '周末', reason_en: 'Weekend' }],
      config: { signin_rule: '1', earliest_deviation_minutes: 15 },
    });
    expect(form.weeks).toEqual(['5', '1']);
    expect(form.noReservations[0]?.week).toEqual(['6', '7']);
    const input = ruleInputOf(form);
    expect(input.resourcesMonthList.map((m) => m.month)).toEqual(['1', '3']);
    expect(input.resourcesWeek).toEqual([
      { zj: '1', zj_name: '一', order: 1 },
      { zj: '5', zj_name: '五', order: 2 },
    ]);
    expect(input.resourcesTimeSlot).toEqual([
      { id: 'a', kssj: '09:00', jssj: '10:00', order: 1 },
      { id: 'b', kssj: '10:00', jssj: '11:00', order: 2 },
    ]);
    expect(input.resourcesNoReservationConfigList[0]).toMatchObject({ rule_type: '2', week: '6,7', reason_cn: '周末' });
    expect(input).toMatchObject({ need_approve: '1', open_captcha_verify: '0', days_rule_refresh_time: '21:00' });
    expect(input.config).toMatchObject({ signin_rule: '1', earliest_deviation_minutes: 15, sign_out_rule: '0' });
  });

  it('sends no slots in free time', () => {
    const input = ruleInputOf({ ...ruleFormOf(null), time_slot_rule: '2', slots: [{ kssj: '09:00', jssj: '10:00' }] });
    expect(input.resourcesTimeSlot).toEqual([]);
  });
});
