import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { adminAppointmentKeys, type AppointmentFilter } from '../types.ts';

/** One count to make: a key of the caller's and the bookings' filter. */
export interface CountRequest {
  key: string;
  filter: AppointmentFilter;
}

/** Aliases per document: the server refuses more than 30 aliased fields in one. */
export const COUNTS_PER_DOCUMENT = 25;

/**
 * One document counting several filters of `findAppointmentInformationAllForAppointMent` over a
 * date range: each alias asks for one row and the total.
 */
export function countAppointmentsDocument(size: number): string {
  const vars = Array.from({ length: size }, (_, i) => `$f${i}: AppointmentInformationFilterMap`).join(', ');
  const fields = Array.from(
    { length: size },
    (_, i) =>
      `c${i}: findAppointmentInformationAllForAppointMent(first: 1, offset: 0, filter: $f${i}, appointmentDate: $d) { totalCount }`,
  ).join('\n    ');
  return `query countAppointments($d: [String], ${vars}) {\n    ${fields}\n  }`;
}

/**
 * The number of bookings (deleted records excepted) matching each request between `from` and
 * `to` ("YYYY-MM-DD", inclusive), keyed as asked; documents of 25 counts, two at a time.
 */
export async function countAppointments(
  requests: CountRequest[],
  range: { from: string; to: string },
): Promise<Record<string, number>> {
  const chunks: CountRequest[][] = [];
  for (let i = 0; i < requests.length; i += COUNTS_PER_DOCUMENT)
    chunks.push(requests.slice(i, i + COUNTS_PER_DOCUMENT));
  const out: Record<string, number> = {};
  const run = async (chunk: CountRequest[]) => {
    const variables: Record<string, unknown> = { d: [range.from, range.to] };
    chunk.forEach((r, i) => (variables[`f${i}`] = r.filter));
    const data = await gql<Record<string, { totalCount: number } | null>>(
      'apps_yy_sys',
      countAppointmentsDocument(chunk.length),
      variables,
    );
    chunk.forEach((r, i) => (out[r.key] = data[`c${i}`]?.totalCount ?? 0));
  };
  for (let i = 0; i < chunks.length; i += 2) await Promise.all(chunks.slice(i, i + 2).map(run));
  return out;
}

/** The counts of `requests` over a range ("YYYY-MM-DD"); off while there is no range or nothing to count. */
export function useAppointmentCounts(
  what: string,
  requests: CountRequest[],
  range: { from: string; to: string } | null,
) {
  return useQuery({
    queryKey: adminAppointmentKeys.counts(what, { range, requests }),
    queryFn: () => countAppointments(requests, range!),
    enabled: range !== null && requests.length > 0,
    placeholderData: keepPreviousData,
  });
}
