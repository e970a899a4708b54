/** How many days the home's trend covers (today and the 13 before it). */
export const TREND_DAYS = 14;

const DAY_MS = 86_400_000;

/** The ISO date `days` after `isoDate` ("YYYY-MM-DD"; negative: before). */
export function shiftDate(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The trend's days ending `today`, oldest first. */
export function trendDates(today: string, days = TREND_DAYS): string[] {
  return Array.from({ length: days }, (_, i) => shiftDate(today, i - days + 1));
}

/** Every trend day with its count (0 when the database returned none for it). */
export function fillTrend(dates: readonly string[], counted: readonly { date: string; total: number }[]) {
  const byDate = new Map(counted.map((c) => [c.date, c.total]));
  return dates.map((date) => ({ date, total: byDate.get(date) ?? 0 }));
}
