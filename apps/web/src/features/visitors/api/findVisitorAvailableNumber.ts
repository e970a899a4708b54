import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { visitorKeys, type AvailableNumber } from '../types.ts';

export const findVisitorAvailableNumberDocument = /* GraphQL */ `
  query findVisitorAvailableNumber($models: [VisitorAvailableNumberInput]) {
    findVisitorAvailableNumber(models: $models) {
      in_school_date
      resources_id
      resources_name
      resources_name_en
      available_number
      used
      remaining
      enough
    }
  }
`;

/** The party asked about: those coming along with the visitor (each counts toward the quota). */
export interface Party {
  peers: number;
  in_child: number;
}

/** The remaining daily quota of each area (ids) on `date` for the visitor and `party`. */
export async function findVisitorAvailableNumber(date: string, areaIds: string[], party: Party) {
  const data = await gql<{ findVisitorAvailableNumber: AvailableNumber[] | null }>(
    'apps_yy_sys',
    findVisitorAvailableNumberDocument,
    { models: areaIds.map((id) => ({ in_school_date: date, in_school_area: id, ...party })) },
  );
  return data.findVisitorAvailableNumber ?? [];
}

export const findVisitorAvailableNumberQueryOptions = (date: string, areaIds: string[], party: Party) =>
  queryOptions({
    queryKey: visitorKeys.available(date, areaIds.join(','), party.peers, party.in_child),
    queryFn: () => findVisitorAvailableNumber(date, areaIds, party),
    enabled: Boolean(date) && areaIds.length > 0,
    placeholderData: keepPreviousData,
  });

/** The areas' remaining quota on a date, read again when the date, areas or party change. */
export const useVisitorAvailableNumber = (date: string, areaIds: string[], party: Party) =>
  useQuery(findVisitorAvailableNumberQueryOptions(date, areaIds, party));
