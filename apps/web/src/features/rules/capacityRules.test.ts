import { describe, expect, it } from 'vitest';
import {
  capacityRuleFormOf,
  capacityRuleInputOf,
  capacityRuleIssues,
  newCapacityRule,
  type CapacityRuleForm,
} from './capacityRules.ts';

const rule = (patch: Partial<CapacityRuleForm> = {}): CapacityRuleForm => ({
  ...newCapacityRule(),
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  available_number: 5,
  ...patch,
});
const codes = (list: CapacityRuleForm[]) =>
  capacityRuleIssues(list).map((i) => `${i.path.slice(1).join('.')}:${i.code}`);

describe('capacityRuleIssues', () => {
  it.each<[string, Partial<CapacityRuleForm>, string[]]>([
    ['a whole-day date range is fine', {}, []],
    ['a one-day range is fine', { end_date: '2026-03-01' }, []],
    ['empty dates', { start_date: '', end_date: ' ' }, ['0.start_date:required', '0.end_date:required']],
    ['end date before start', { end_date: '2026-02-28' }, ['0.end_date:dateOrder']],
    ['weekly without days', { date_rule: '2', start_date: '', end_date: '' }, ['0.weeks:weekRequired']],
    ['weekly with days', { date_rule: '2', weeks: ['1', '3'], start_date: '', end_date: '' }, []],
    ['times within the day', { time_slot_rule: '1', start_time: '09:00', end_time: '12:00' }, []],
    [
      'empty times',
      { time_slot_rule: '1', start_time: '', end_time: '' },
      ['0.start_time:required', '0.end_time:required'],
    ],
    [
      'end time equal to start',
      { time_slot_rule: '1', start_time: '09:00', end_time: '09:00' },
      ['0.end_time:startBeforeEnd'],
    ],
    [
      'end time before start',
      { time_slot_rule: '1', start_time: '10:00', end_time: '09:00' },
      ['0.end_time:startBeforeEnd'],
    ],
    ['bad time', { time_slot_rule: '1', start_time: '9:00', end_time: '10:00' }, ['0.start_time:timeFormat']],
    ['times are ignored for the whole day', { time_slot_rule: '0', start_time: '10:00', end_time: '09:00' }, []],
    ['empty number', { available_number: null }, ['0.available_number:required']],
    ['zero is allowed', { available_number: 0 }, []],
    ['negative number', { available_number: -1 }, ['0.available_number:numberInvalid']],
    ['fraction', { available_number: 1.5 }, ['0.available_number:numberInvalid']],
  ])('%s', (_name, patch, expected) => expect(codes([rule(patch)])).toEqual(expected));

  it('reports the row of each problem, under capacityRules', () => {
    expect(capacityRuleIssues([rule(), rule({ available_number: null })])).toEqual([
      { path: ['capacityRules', 1, 'available_number'], code: 'required' },
    ]);
  });
});

describe('capacity rule mapping', () => {
  it('sends the fields of the chosen modes only, weeks as text', () => {
    expect(
      capacityRuleInputOf([
        rule({ date_rule: '2', weeks: ['5', '1'], time_slot_rule: '1', start_time: '08:00', end_time: '12:00' }),
      ]),
    ).toEqual([
      {
        date_rule: '2',
        start_date: '',
        end_date: '',
        weeks: '1,5',
        time_slot_rule: '1',
        start_time: '08:00',
        end_time: '12:00',
        available_number: 5,
      },
    ]);
  });

  it('reads stored rules back', () => {
    const [form] = capacityRuleFormOf([
      { date_rule: '2', weeks: '1,3', time_slot_rule: '0', available_number: 2, start_date: null },
    ]);
    expect(form).toMatchObject({ date_rule: '2', weeks: ['1', '3'], time_slot_rule: '0', available_number: 2 });
    expect(capacityRuleIssues([form!])).toEqual([]);
  });
});
