import { describe, expect, it } from 'vitest';
import { byStartTime, countsByResource, matchesName } from './overview.ts';
import type { SignState } from './types.ts';

describe('countsByResource', () => {
  it('counts each resource bookings by check-in state', () => {
    const row = (resources_id: string, sign_state: SignState) => ({ resources_id, sign_state });
    const counts = countsByResource([row('a', '0'), row('a', '1'), row('a', '1'), row('b', '3'), row('a', '2')]);
    expect(counts.get('a')).toEqual({ '0': 1, '1': 2, '2': 1, '3': 0, '4': 0, total: 4 });
    expect(counts.get('b')).toEqual({ '0': 0, '1': 0, '2': 0, '3': 1, '4': 0, total: 1 });
    expect(counts.get('c')).toBeUndefined();
  });
});

describe('byStartTime', () => {
  it('orders by start then booker without changing the list given', () => {
    const list = [
      { id: 1, start_time: '10:00', appointment_user: 'b' },
      { id: 2, start_time: '09:00', appointment_user: 'z' },
      { id: 3, start_time: '10:00', appointment_user: 'a' },
    ];
    expect(byStartTime(list).map((s) => s.id)).toEqual([2, 3, 1]);
    expect(list.map((s) => s.id)).toEqual([1, 2, 3]);
  });
});

describe('matchesName', () => {
  const r = { resources_name: '羽毛球场 A', resources_name_en: 'Badminton A', resources_number: 'YM-01' };
  it('matches parts of either name or the number, ignoring case and spaces around', () => {
    expect(matchesName(r, '羽毛')).toBe(true);
    expect(matchesName(r, ' badminton ')).toBe(true);
    expect(matchesName(r, 'ym-0')).toBe(true);
    expect(matchesName(r, '')).toBe(true);
    expect(matchesName(r, '会议')).toBe(false);
  });
});
