import dayjs from 'dayjs';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isIsoDate(value: string | null | undefined): value is string {
  return !!value && ISO_DATE.test(value) && dayjs(value).format('YYYY-MM-DD') === value;
}

/**
 * The date range a list page is opened with (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, as the back-office
 * home's cards link): one end alone stands for a single day; anything else is no range.
 */
export function dateRangeFromSearch(params: URLSearchParams): [string, string] | undefined {
  const from = params.get('from');
  const to = params.get('to');
  const a = isIsoDate(from) ? from : undefined;
  const b = isIsoDate(to) ? to : undefined;
  if (!a && !b) return undefined;
  return [a ?? b!, b ?? a!];
}
