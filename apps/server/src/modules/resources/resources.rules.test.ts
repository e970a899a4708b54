import { describe, expect, it } from 'vitest';
import type { Identity } from '../resource-types/resource-types.rules.ts';
import {
  closedPeriodsOf,
  dayHasOpenTime,
  effectiveRules,
  normaliseFilterMap,
  parseOrderBy,
  resourceVisibleTo,
  ruleOwnerOf,
  seriesDates,
  slotCapacity,
  slotClosure,
  type RuleLists,
} from './resources.rules.ts';

const zone = 'Asia/Shanghai';
const noLists: Pick<RuleLists, 'months' | 'dates' | 'weeks' | 'noReservations'> = {
  months: [],
  dates: [],
  weeks: [],
  noReservations: [],
};
const open = { appointment_open_date: '', appointment_close_date: '' };
const at = (local: string) => Date.parse(`${local}:00+08:00`);
const nr = (over: Partial<RuleLists['noReservations'][number]>): RuleLists['noReservations'][number] => ({
  rule_type: '4',
  month: '',
  day: '',
  start_date: '',
  end_date: '',
  week: '',
  start_time: '',
  end_time: '',
  reason_cn: '',
  reason_en: '',
  ...over,
});

describe('slotClosure: whether a slot of a date is closed and why', () => {
  // 2030-01-07 is a Monday.
  const cases: {
    name: string;
    date: string;
    slot: [string, string];
    rules?: typeof open;
    lists?: Partial<typeof noLists>;
    occupancies?: { startsAt: number; endsAt: number; reason_cn: string; reason_en: string }[];
    want: null | { kind: string; reason_en: string };
  }[] = [
    { name: 'no rules: open', date: '2030-01-07', slot: ['09:00', '10:00'], want: null },
    {
      name: 'month not bookable',
      date: '2030-01-07',
      slot: ['09:00', '10:00'],
      lists: { months: [{ month: '2', day: '' }] },
      want: { kind: 'date', reason_en: 'This month or day is not open for booking' },
    },
    {
      name: 'month bookable',
      date: '2030-01-07',
      slot: ['09:00', '10:00'],
      lists: { months: [{ month: '1', day: '7' }] },
      want: null,
    },
    {
      name: 'outside the bookable dates',
      date: '2030-01-07',
      slot: ['09:00', '10:00'],
      lists: { dates: [{ start: '2030-02-01', end: '2030-02-28', del: 0 }] },
      want: { kind: 'date', reason_en: 'This date is outside the bookable dates' },
    },
    {
      name: 'a deleted date range does not count',
      date: '2030-01-07',
      slot: ['09:00', '10:00'],
      lists: { dates: [{ start: '2030-02-01', end: '2030-02-28', del: 1 }] },
      want: null,
    },
    {
      name: 'weekday not bookable',
      date: '2030-01-07',
      slot: ['09:00', '10:00'],
      lists: { weeks: [{ zj: '2', del: 0 }] },
      want: { kind: 'date', reason_en: 'This weekday is not open for booking' },
    },
    {
      name: 'before the open date',
      date: '2030-01-07',
      slot: ['09:00', '10:00'],
      rules: { appointment_open_date: '2030-01-08', appointment_close_date: '' },
      want: { kind: 'date', reason_en: 'Not yet open for booking' },
    },
    {
      name: 'daily lunch break overlaps',
      date: '2030-01-07',
      slot: ['11:30', '12:30'],
      lists: { noReservations: [nr({ start_time: '12:00', end_time: '13:30', reason_en: 'Lunch break' })] },
      want: { kind: 'no_reservation', reason_en: 'Lunch break' },
    },
    {
      name: 'daily lunch break touching the slot end only',
      date: '2030-01-07',
      slot: ['11:00', '12:00'],
      lists: { noReservations: [nr({ start_time: '12:00', end_time: '13:30' })] },
      want: null,
    },
    {
      name: 'weekly closure on Monday, whole day',
      date: '2030-01-07',
      slot: ['20:00', '21:00'],
      lists: { noReservations: [nr({ rule_type: '2', week: '1,3' })] },
      want: { kind: 'no_reservation', reason_en: 'Not bookable at this time' },
    },
    {
      name: 'weekly closure on another day',
      date: '2030-01-07',
      slot: ['20:00', '21:00'],
      lists: { noReservations: [nr({ rule_type: '2', week: '2' })] },
      want: null,
    },
    {
      name: 'date range closure',
      date: '2030-01-07',
      slot: ['09:00', '10:00'],
      lists: {
        noReservations: [
          nr({ rule_type: '1', start_date: '2030-01-01', end_date: '2030-01-10', reason_en: 'Holiday' }),
        ],
      },
      want: { kind: 'no_reservation', reason_en: 'Holiday' },
    },
    {
      name: 'yearly closure on a month/day',
      date: '2030-01-07',
      slot: ['09:00', '10:00'],
      lists: { noReservations: [nr({ rule_type: '3', month: '1', day: '7', reason_en: 'Founding day' })] },
      want: { kind: 'no_reservation', reason_en: 'Founding day' },
    },
    {
      name: 'occupancy overlapping the slot',
      date: '2030-01-07',
      slot: ['10:00', '11:00'],
      occupancies: [
        { startsAt: at('2030-01-07T10:30'), endsAt: at('2030-01-07T12:00'), reason_cn: '维修', reason_en: 'Repairs' },
      ],
      want: { kind: 'occupied', reason_en: 'Repairs' },
    },
    {
      name: 'occupancy from the day before, running past midnight',
      date: '2030-01-07',
      slot: ['00:30', '01:00'],
      occupancies: [
        { startsAt: at('2030-01-06T22:00'), endsAt: at('2030-01-07T02:00'), reason_cn: '活动', reason_en: 'Event' },
      ],
      want: { kind: 'occupied', reason_en: 'Event' },
    },
    {
      name: 'occupancy on another day',
      date: '2030-01-07',
      slot: ['10:00', '11:00'],
      occupancies: [
        { startsAt: at('2030-01-08T10:00'), endsAt: at('2030-01-08T11:00'), reason_cn: 'x', reason_en: 'x' },
      ],
      want: null,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const periods = closedPeriodsOf({
        isoDate: c.date,
        rules: c.rules ?? open,
        lists: { ...noLists, ...c.lists },
        occupancies: c.occupancies ?? [],
        timeZone: zone,
      });
      const closure = slotClosure(periods, c.slot[0], c.slot[1]);
      if (c.want === null) expect(closure).toBeNull();
      else expect(closure).toMatchObject(c.want);
    });
  }

  it('a day fully covered has no open time', () => {
    const periods = closedPeriodsOf({
      isoDate: '2030-01-07',
      rules: open,
      lists: { ...noLists, weeks: [{ zj: '6', del: 0 }] },
      occupancies: [],
      timeZone: zone,
    });
    expect(dayHasOpenTime(periods)).toBe(false);
    expect(dayHasOpenTime([{ start: 0, end: 600, reason_cn: '', reason_en: '', kind: 'no_reservation' }])).toBe(true);
  });
});

describe('rule templates resolve at read time', () => {
  const fields = ['time_slot_rule', 'appointment_date_days'];
  const resource = {
    id: 'r1',
    rule_source: '1',
    rule_template_id: 't1',
    time_slot_rule: '1',
    appointment_date_days: 30,
    resources_name: 'Court',
  };
  const template = { time_slot_rule: '2', appointment_date_days: 7, template_name: 'T' };
  it.each([
    [
      'template applies',
      resource,
      template,
      { time_slot_rule: '2', appointment_date_days: 7, resources_name: 'Court' },
    ],
    ['own rules', { ...resource, rule_source: '0' }, template, { time_slot_rule: '1', appointment_date_days: 30 }],
    ['missing template: own rules', resource, undefined, { time_slot_rule: '1', appointment_date_days: 30 }],
  ] as const)('%s', (_name, r, t, want) => {
    expect(effectiveRules(r, t, fields)).toMatchObject(want);
  });
  it.each([
    [
      { id: 'r', rule_source: '1', rule_template_id: 't' },
      { kind: 'template', id: 't' },
    ],
    [
      { id: 'r', rule_source: '1', rule_template_id: null },
      { kind: 'resource', id: 'r' },
    ],
    [
      { id: 'r', rule_source: '0', rule_template_id: 't' },
      { kind: 'resource', id: 'r' },
    ],
  ])('owner of %o', (r, want) => expect(ruleOwnerOf(r)).toEqual(want));
});

describe('resource visibility', () => {
  const student: Identity = {
    userKeys: ['u1', 'student'],
    positions: [{ deptKeys: ['cs', 'demo'], postKeys: ['student'] }],
  };
  const g = (grant_object_type: string, grant_object_id: string) => ({ grant_object_type, grant_object_id });
  it.each([
    ['no lists', { visible: [], invisible: [], auths: [] }, true],
    ['invisible to the department', { visible: [], invisible: [g('dept', 'cs')], auths: [] }, false],
    ['invisible to someone else', { visible: [], invisible: [g('user', 'other')], auths: [] }, true],
    ['visible to the post', { visible: [g('post', 'student')], invisible: [], auths: [] }, true],
    ['visible to others only', { visible: [g('post', 'staff')], invisible: [], auths: [] }, false],
    [
      'invisible wins over visible',
      { visible: [g('user', 'student')], invisible: [g('post', 'student')], auths: [] },
      false,
    ],
    ['granted by triple', { visible: [], invisible: [], auths: [g('triple', 'cs|student')] }, true],
    ['granted to others', { visible: [], invisible: [], auths: [g('triple', 'cs|staff')] }, false],
  ] as const)('%s', (_name, access, want) => {
    expect(
      resourceVisibleTo(
        { visible: [...access.visible], invisible: [...access.invisible], auths: [...access.auths] },
        student,
      ),
    ).toBe(want);
  });
});

describe('capacity, series, ordering, filters', () => {
  const rule = (over: Partial<RuleLists['availableNumberRules'][number]>) => ({
    time_slot_rule: '',
    date_rule: '1',
    start_date: '',
    end_date: '',
    weeks: '',
    start_time: '',
    end_time: '',
    available_number: 5,
    ...over,
  });
  it.each([
    ['no rule', [], 50],
    ['weekday rule on Monday', [rule({ date_rule: '2', weeks: '1' })], 5],
    ['weekday rule on another day', [rule({ date_rule: '2', weeks: '2' })], 50],
    [
      'date range and time window',
      [
        rule({
          start_date: '2030-01-01',
          end_date: '2030-01-31',
          time_slot_rule: '1',
          start_time: '09:00',
          end_time: '12:00',
        }),
      ],
      5,
    ],
    ['time window missing the slot', [rule({ time_slot_rule: '1', start_time: '13:00', end_time: '14:00' })], 50],
  ] as const)('slotCapacity: %s', (_n, rules, want) => {
    expect(slotCapacity('2030-01-07', { kssj: '09:00', jssj: '10:00' }, 50, [...rules])).toBe(want);
  });
  it('seriesDates', () => {
    expect(seriesDates({ start: '2030-01-07', end: '2030-01-09', strategy: '1', weekList: [], dayList: [] })).toEqual([
      '2030-01-07',
      '2030-01-08',
      '2030-01-09',
    ]);
    expect(
      seriesDates({ start: '2030-01-07', end: '2030-01-20', strategy: '2', weekList: ['1'], dayList: [] }),
    ).toEqual(['2030-01-07', '2030-01-14']);
    expect(
      seriesDates({ start: '2030-01-01', end: '2030-03-31', strategy: '3', weekList: [], dayList: ['31'] }),
    ).toEqual(['2030-01-31', '2030-03-31']);
    expect(
      seriesDates({ start: '2030-01-09', end: '2030-01-07', strategy: '1', weekList: [], dayList: [] }),
    ).toBeNull();
    expect(
      seriesDates({ start: '2030-01-01', end: '2032-01-01', strategy: '1', weekList: [], dayList: [] }),
    ).toBeNull();
  });
  it.each([
    ['', undefined],
    ['hits desc', { column: 'hits', desc: true }],
    ['resources_name', { column: 'resources_name', desc: false }],
    ['password', null],
    ['order; drop table', null],
  ])('parseOrderBy(%j)', (value, want) => expect(parseOrderBy(value)).toEqual(want));
  it('normaliseFilterMap drops empty and null eq, keeps in, guards uuid columns', () => {
    expect(
      normaliseFilterMap(
        {
          campus_code: { eq: '' },
          need_approve: { eq: null },
          building_code: { in: ['gym'] },
          id: { eq: 'x' },
          floor_code: { eq: '1F' },
        },
        ['campus_code', 'need_approve', 'building_code', 'id', 'floor_code'],
        ['id'],
      ),
    ).toEqual({ building_code: { in: ['gym'] }, id: { in: [] }, floor_code: { eq: '1F' } });
  });
});
