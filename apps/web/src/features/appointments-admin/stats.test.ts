import { describe, expect, it } from 'vitest';
import { overallVacancy, percent, vacancyForChart } from './stats.ts';

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
