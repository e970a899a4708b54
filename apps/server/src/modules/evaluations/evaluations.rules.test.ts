import { describe, expect, it } from 'vitest';
import { parseInput } from '../../platform/validation.ts';
import { evaluateInput } from './evaluations.inputs.ts';
import { evaluateRefusal, roundedMean, toWireEvaluate, type EvaluateFields } from './evaluations.rules.ts';

describe('who may evaluate a booking', () => {
  const performed = { appointment_user: 'stu', state: '0', appointment_state: '1', del: 0 };
  it.each([
    ['the booker of a performed booking', performed, null],
    ['someone else', { ...performed, appointment_user: 'other' }, 'EVALUATE_NOT_BOOKER'],
    ['a booking still to be performed', { ...performed, appointment_state: '0' }, 'EVALUATE_NOT_PERFORMED'],
    ['a no-show', { ...performed, appointment_state: '2' }, 'EVALUATE_NOT_PERFORMED'],
    ['a cancelled booking', { ...performed, state: '1' }, 'EVALUATE_NOT_PERFORMED'],
    ['a deleted booking', { ...performed, del: 1 }, 'EVALUATE_NOT_PERFORMED'],
  ])('%s', (_, booking, expected) => {
    expect(evaluateRefusal(booking, 'stu')).toBe(expected);
  });
});

describe('evaluation input', () => {
  const base = {
    appointment_id: '6f1c2a3e-5b4d-4c3b-9a2e-1f0e9d8c7b6a',
    composite_score: 5,
    resources_score: '4',
    system_score: 3,
    service_score: 1,
  };
  it('takes scores as numbers or digit strings, and defaults the rest', () => {
    const m = parseInput(evaluateInput, base);
    expect(m).toMatchObject({ composite_score: 5, resources_score: 4 });
    expect(m.content).toBeUndefined();
  });

  it.each([
    [{ ...base, composite_score: 6 }, 'composite_score: must be from 1 to 5'],
    [{ ...base, service_score: 0 }, 'service_score: must be from 1 to 5'],
    [{ ...base, system_score: 2.5 }, 'system_score: must be a whole number from 1 to 5'],
    [{ ...base, resources_score: undefined }, 'resources_score'],
    [{ ...base, appointment_id: undefined }, 'appointment_id is required for a new evaluation'],
    [{ ...base, is_anonymous: 'yes' }, 'is_anonymous: must be "0" or "1"'],
    [{ ...base, pictures: ['javascript:alert(1)'] }, 'must be a site path or an http(s) URL'],
    [{ ...base, pictures: Array(10).fill('/yy-sys/api/file/x') }, 'at most 9 pictures'],
    [{ ...base, content: 'x'.repeat(1001) }, 'content'],
  ])('refuses %j', (input, detail) => {
    expect(() => parseInput(evaluateInput, input)).toThrow(detail);
  });
});

describe('wire shape', () => {
  const row: EvaluateFields = {
    id: 'e1',
    appointment_id: 'a1',
    resources_id: 'r1',
    resources_type_id: 't1',
    resources_name: '场地 1',
    resources_name_en: 'Court 1',
    appointment_date: '2030-01-03',
    start_time: '09:00',
    end_time: '10:00',
    composite_score: 5,
    resources_score: 4,
    system_score: 3,
    service_score: 5,
    content: '很好',
    pictures: [],
    is_anonymous: '1',
    state: '1',
    reply_content: '',
    reply_user: '',
    reply_user_name: '',
    reply_time: null,
    created_user: 'stu',
    created_user_name: '学生',
    create_time: new Date('2030-01-03T03:00:00Z'),
    update_time: new Date('2030-01-03T03:00:00Z'),
  };
  it('hides an anonymous author from others only', () => {
    expect(toWireEvaluate(row, 'Asia/Shanghai', true)).toMatchObject({ created_user: '', created_user_name: '' });
    expect(toWireEvaluate(row, 'Asia/Shanghai', false)).toMatchObject({
      created_user: 'stu',
      created_user_name: '学生',
    });
    expect(toWireEvaluate({ ...row, is_anonymous: '0' }, 'Asia/Shanghai', true).created_user_name).toBe('学生');
  });

  it('gives the date as epoch ms of local midnight and times in the zone', () => {
    const wire = toWireEvaluate(row, 'Asia/Shanghai', false);
    expect(wire.appointment_date).toBe(Date.parse('2030-01-02T16:00:00Z'));
    expect(wire.create_time).toBe('2030-01-03 11:00:00');
    expect(wire.reply_time).toBe('');
  });

  it('rounds means to two decimals', () => {
    expect(roundedMean(14, 3)).toBe(4.67);
    expect(roundedMean(0, 0)).toBe(0);
  });
});
