import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { VisitorEntrySummary } from './types.ts';

export const findVisitorListSummaryDocument = /* GraphQL */ `
  query findVisitorListSummary($date: String) {
    findVisitorListSummary(date: $date) {
      date
      entries
      people
      on_campus
      total
    }
  }
`;

export async function findVisitorListSummary(date: string | null): Promise<VisitorEntrySummary> {
  return (
    await gql<{ findVisitorListSummary: VisitorEntrySummary }>('apps_yy_sys', findVisitorListSummaryDocument, { date })
  ).findVisitorListSummary;
}

export const findVisitorListSummaryQueryOptions = (date: string | null) =>
  queryOptions({ queryKey: ['findVisitorListSummary', date], queryFn: () => findVisitorListSummary(date) });

/** A day's entry figures (today when no date), with the people on campus now; refreshed each minute. */
export const useVisitorEntrySummary = (date: string | null) =>
  useQuery({ ...findVisitorListSummaryQueryOptions(date), refetchInterval: 60_000 });
