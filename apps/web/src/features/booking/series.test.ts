import { describe, expect, it } from 'vitest';
import {
  canCommit,
  emptySeriesForm,
  firstSeriesDate,
  occurrenceReason,
  seriesProblem,
  seriesVariables,
  summariseSeries,
  type SeriesForm,
} from './series.ts';

const weekly = (over: Partial<SeriesForm> = {}): SeriesForm => ({
  ...emptySeriesForm('periodic', '2026-03-02'),
  strategy: '2',
  weekdays: ['3', '1'],
  startDate: '2026-03-02',
  endDate: '2026-03-29',
  slotIds: ['s1'],
  ...over,
});

describe('seriesProblem', () => {
  it('accepts a complete weekly rule', () => {
    expect(seriesProblem(weekly(), false)).toBeNull();
  });

  it('names what is missing or wrong', () => {
    expect(seriesProblem(weekly({ weekdays: [] }), false)?.key).toBe('booking.series.invalid.weekdays');
    expect(seriesProblem(weekly({ strategy: '3' }), false)?.key).toBe('booking.series.invalid.monthDays');
    expect(seriesProblem(weekly({ endDate: '2026-03-01' }), false)?.key).toBe('booking.series.invalid.range');
    expect(seriesProblem(weekly({ endDate: '2027-03-10' }), false)).toEqual({
      key: 'booking.series.invalid.tooLong',
      values: { max: 366 },
    });
    expect(seriesProblem(weekly({ slotIds: [] }), false)?.key).toBe('booking.series.invalid.slots');
    expect(seriesProblem(weekly({ startTime: '10:00', endTime: '09:00' }), true)?.key).toBe(
      'booking.series.invalid.time',
    );
    expect(seriesProblem({ ...emptySeriesForm('batch', '2026-03-02'), slotIds: ['s1'] }, false)?.key).toBe(
      'booking.series.invalid.dates',
    );
  });
});

describe('seriesVariables', () => {
  it('sends a weekly rule with sorted weekdays and the slots', () => {
    expect(seriesVariables(weekly(), false)).toEqual({
      timeSlotIdList: ['s1'],
      is_cyclicity: '1',
      cyclicity_strategy: '2',
      cyclicity_start_date: '2026-03-02',
      cyclicity_end_date: '2026-03-29',
      cyclicity_weekList: ['1', '3'],
      cyclicity_dayList: [],
    });
  });

  it('sends monthly days in numeric order and a free period as cyclicity times', () => {
    const v = seriesVariables(
      weekly({ strategy: '3', monthDays: ['15', '2'], startTime: '09:00', endTime: '10:30' }),
      true,
    );
    expect(v.cyclicity_dayList).toEqual(['2', '15']);
    expect(v.cyclicity_weekList).toEqual([]);
    expect(v.cyclicity_start_time).toBe('09:00');
    expect(v.cyclicity_end_time).toBe('10:30');
    expect(v.timeSlotIdList).toBeUndefined();
  });

  it('sends a batch as sorted dates with the slots, or a free period as borrow times', () => {
    const batch: SeriesForm = {
      ...emptySeriesForm('batch', '2026-03-02'),
      dates: ['2026-03-09', '2026-03-03'],
      slotIds: ['s1', 's2'],
    };
    expect(seriesVariables(batch, false)).toEqual({
      timeSlotIdList: ['s1', 's2'],
      borrowDateList: ['2026-03-03', '2026-03-09'],
    });
    expect(seriesVariables({ ...batch, startTime: '14:00', endTime: '15:00' }, true)).toEqual({
      borrowStartTime: '14:00',
      borrowEndTime: '15:00',
      borrowDateList: ['2026-03-03', '2026-03-09'],
    });
    expect(firstSeriesDate(batch)).toBe('2026-03-03');
    expect(firstSeriesDate(weekly())).toBe('2026-03-02');
  });
});

describe('summary and commit', () => {
  const report = [{ status: 'ok' }, { status: 'conflict' }, { status: 'ok' }, { status: 'closed' }];
  it('counts the ok occurrences and the problems by status', () => {
    expect(summariseSeries(report)).toEqual({ total: 4, ok: 2, problems: { conflict: 1, closed: 1 } });
  });

  it("allows 'all' only when every occurrence is ok, 'ok' when at least one is", () => {
    const mixed = summariseSeries(report);
    expect(canCommit(mixed, 'all')).toBe(false);
    expect(canCommit(mixed, 'ok')).toBe(true);
    const clean = summariseSeries([{ status: 'ok' }]);
    expect(canCommit(clean, 'all')).toBe(true);
    expect(canCommit(summariseSeries([{ status: 'conflict' }]), 'ok')).toBe(false);
    expect(canCommit(summariseSeries([]), 'all')).toBe(false);
  });

  it('gives the reason in the current language', () => {
    expect(occurrenceReason({ reason: '已被预约', reason_en: 'Booked' }, 'en')).toBe('Booked');
    expect(occurrenceReason({ reason: '已被预约', reason_en: '' }, 'en')).toBe('已被预约');
  });
});
