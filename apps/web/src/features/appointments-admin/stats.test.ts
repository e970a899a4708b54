import { describe, expect, it } from 'vitest';
import { COUNTS_PER_DOCUMENT, countAppointmentsDocument } from './api/countAppointments.ts';
import { countRequestsOf, countsOf, groupsBy, overallVacancy, percent, vacancyForChart } from './stats.ts';

describe('statistics counts', () => {
  it('asks a total and each category per group, each narrowed to the group', () => {
    const requests = countRequestsOf(groupsBy('resources_id', ['r1']), ['valid', 'cancelled']);
    expect(requests).toEqual([
      { key: 'r1|total', filter: { resources_id: { eq: 'r1' } } },
      {
        key: 'r1|valid',
        filter: {
          state: { eq: '0' },
          audit_status: { in: ['0', '2'] },
          appointment_state: { eq: '0' },
          resources_id: { eq: 'r1' },
        },
      },
      { key: 'r1|cancelled', filter: { state: { eq: '1' }, resources_id: { eq: 'r1' } } },
    ]);
    const counts = countsOf({ 'r1|total': 5, 'r1|valid': 3 }, 'r1');
    expect(counts.total).toBe(5);
    expect(counts.valid).toBe(3);
    expect(counts.cancelled).toBe(0);
  });

  it('writes one aliased field per count, under the server limit of 30 aliases', () => {
    expect(COUNTS_PER_DOCUMENT).toBeLessThanOrEqual(30);
    const doc = countAppointmentsDocument(2);
    expect(doc).toContain('query countAppointments($d: [String], $f0: AppointmentInformationFilterMap, $f1:');
    expect(doc.match(/findAppointmentInformationAllForAppointMent\(/g)).toHaveLength(2);
    expect(doc).toContain('c1: findAppointmentInformationAllForAppointMent(first: 1, offset: 0, filter: $f1');
  });
});

describe('vacancy', () => {
  const rows = [
    { id: 'a', resources_name: 'A', resources_name_en: '', rate: 0.5, capacity: 10, booked: 5 },
    { id: 'b', resources_name: 'B', resources_name_en: '', rate: null, capacity: 0, booked: 0 },
    { id: 'c', resources_name: 'C', resources_name_en: '', rate: 0.9, capacity: 30, booked: 3 },
  ];
  it('charts the resources with capacity, emptiest first', () => {
    expect(vacancyForChart(rows, (r) => r.resources_name).map((r) => r.id)).toEqual(['c', 'a']);
  });
  it('weights the overall rate by capacity and shows percentages', () => {
    expect(overallVacancy(rows)).toBeCloseTo(32 / 40);
    expect(overallVacancy([])).toBeNull();
    expect(percent(0.80004)).toBe('80.00%');
    expect(percent(0.9998)).toBe('99.98%');
    expect(percent(null)).toBe('—');
  });
});
