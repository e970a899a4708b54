import { describe, expect, it } from 'vitest';
import { boundOf, normaliseFilter, pageOf, timeRangeOf, toWireLog } from './logs.rules.ts';

const zone = 'Asia/Shanghai';

describe('pageOf', () => {
  it.each([
    [{}, { limit: 20, offset: 0 }],
    [
      { first: 10, offset: 30 },
      { limit: 10, offset: 30 },
    ],
    [{ first: 1000 }, { limit: 200, offset: 0 }],
    [{ first: 0 }, { limit: 20, offset: 0 }],
    [
      { first: 5, offset: -1 },
      { limit: 5, offset: 0 },
    ],
    [
      { first: 5, after: Buffer.from('15').toString('base64') },
      { limit: 5, offset: 15 },
    ],
    [
      { first: 5, offset: 2, after: Buffer.from('15').toString('base64') },
      { limit: 5, offset: 2 },
    ],
    [
      { first: 5, after: 'not a cursor' },
      { limit: 5, offset: 0 },
    ],
  ])('%j -> %j', (args, expected) => {
    expect(pageOf(args)).toEqual(expected);
  });
});

describe('operateTime bounds', () => {
  it('reads dates as whole days in the tenant zone', () => {
    expect(boundOf('2026-03-01', zone, false)).toBe(Date.parse('2026-02-28T16:00:00Z'));
    expect(boundOf('2026-03-01', zone, true)).toBe(Date.parse('2026-03-01T16:00:00Z'));
    expect(boundOf('2026-12-31', zone, true)).toBe(Date.parse('2026-12-31T16:00:00Z'));
  });

  it('reads date-times to the second, the end bound including that second', () => {
    expect(boundOf('2026-03-01 08:30:15', zone, false)).toBe(Date.parse('2026-03-01T00:30:15Z'));
    expect(boundOf('2026-03-01 08:30:15', zone, true)).toBe(Date.parse('2026-03-01T00:30:16Z'));
    expect(boundOf('2026-03-01 08:30', 'UTC', false)).toBe(Date.parse('2026-03-01T08:30:00Z'));
  });

  it('treats empty bounds as open and refuses unreadable ones', () => {
    expect(boundOf('', zone, false)).toBeUndefined();
    expect(boundOf(null, zone, true)).toBeUndefined();
    expect(boundOf('2026-02-30', zone, false)).toBeNull();
    expect(boundOf('2026-03-01 24:00:00', zone, false)).toBeNull();
    expect(boundOf('yesterday', zone, false)).toBeNull();
    expect(timeRangeOf(['2026-03-01', 'x'], zone)).toBeNull();
    expect(timeRangeOf([], zone)).toEqual({});
    expect(timeRangeOf(['', '2026-03-01'], zone)).toEqual({ from: undefined, to: new Date('2026-03-01T16:00:00Z') });
  });
});

describe('normaliseFilter', () => {
  it('drops conditions that select everything and keeps the rest', () => {
    expect(
      normaliseFilter({
        operate_module: { eq: '' },
        operate_type: { in: ['save', 'delete'] },
        operate_user_name: { like: '张' },
        operate_user_id: { eq: 'admin', in: [] },
        unknown_column: { eq: 'x' },
      }),
    ).toEqual({
      operate_type: { in: ['save', 'delete'] },
      operate_user_name: { like: '张' },
      operate_user_id: { eq: 'admin' },
    });
    expect(normaliseFilter(null)).toEqual({});
  });
});

describe('toWireLog', () => {
  it('shows the time in the tenant zone and drops the tenant', () => {
    const row = {
      id: 'a',
      tenant_id: 't',
      operate_user_id: 'admin',
      operate_user_name: '管理员',
      id_address: '127.0.0.1',
      operate_module: 'settings',
      operate_type: 'save',
      operate_content: '{}',
      operate_object: 'x',
      operate_time: new Date('2026-03-01T16:05:09Z'),
    };
    expect(toWireLog(row, zone)).toEqual({ ...row, tenant_id: undefined, operate_time: '2026-03-02 00:05:09' });
    expect(toWireLog(row, zone)).not.toHaveProperty('tenant_id');
  });
});
