import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import {
  SIGN_FIELDS,
  checkinKeys,
  type AppointmentSign,
  type AppointmentSignFilter,
  type Connection,
} from '../types.ts';

export const findAppointmentSignAllDocument = /* GraphQL */ `
  query findAppointmentSignAll(
    $first: Int
    $offset: Int
    $filter: AppointmentSignFilterMap
    $appointmentDate: [String]
    $signState: String
    $keyword: String
  ) {
    findAppointmentSignAll(
      first: $first
      offset: $offset
      filter: $filter
      appointmentDate: $appointmentDate
      signState: $signState
      keyword: $keyword
    ) {
      edges { node { ${SIGN_FIELDS} } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface FindAppointmentSignAllVariables {
  first?: number;
  offset?: number;
  filter?: AppointmentSignFilter;
  /** One date or [from, to], "YYYY-MM-DD". */
  appointmentDate?: string[];
  /** '0' to check in, '1' checked in, '2' checked out, '3' no-show. */
  signState?: string;
  /** Part of the booker's account or name. */
  keyword?: string;
}

/** Administrators: confirmed bookings with their check-in records, latest first (first at most 200). */
export async function findAppointmentSignAll(
  variables: FindAppointmentSignAllVariables,
): Promise<Connection<AppointmentSign>> {
  const data = await gql<{ findAppointmentSignAll: Connection<AppointmentSign> | null }>(
    'apps_yy_sys',
    findAppointmentSignAllDocument,
    { ...variables },
  );
  return data.findAppointmentSignAll ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };
}

export const findAppointmentSignAllQueryOptions = (variables: FindAppointmentSignAllVariables) =>
  queryOptions({
    queryKey: checkinKeys.list(variables),
    queryFn: () => findAppointmentSignAll(variables),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** A page of confirmed bookings with their check-in state (administrators). */
export function useAppointmentSignAll(variables: FindAppointmentSignAllVariables, enabled = true) {
  return useQuery({ ...findAppointmentSignAllQueryOptions(variables), enabled });
}
