import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { bookingKeys } from '../keys.ts';
import { APPOINTMENT_FIELDS, type Appointment, type AppointmentFilter, type Connection } from '../types.ts';

export const findAppointmentInformationAllForAccountDocument = /* GraphQL */ `
  query findAppointmentInformationAllForAccount(
    $first: Int
    $offset: Int
    $filter: AppointmentInformationFilterMap
    $appointmentDate: [String]
    $only_flow: String
  ) {
    findAppointmentInformationAllForAccount(
      first: $first
      offset: $offset
      filter: $filter
      appointmentDate: $appointmentDate
      only_flow: $only_flow
    ) {
      edges { node { ${APPOINTMENT_FIELDS} } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface FindAppointmentsVariables {
  first?: number;
  offset?: number;
  filter?: AppointmentFilter;
  /** One date or [from, to], "YYYY-MM-DD". */
  appointmentDate?: string[];
  /** '1': only bookings that went through approval. */
  only_flow?: string;
}

/** The signed-in user's bookings (made by or for them), latest first; first is at most 200. */
export async function findAppointmentInformationAllForAccount(
  variables: FindAppointmentsVariables,
): Promise<Connection<Appointment>> {
  const data = await gql<{ findAppointmentInformationAllForAccount: Connection<Appointment> | null }>(
    'apps_yy_sys',
    findAppointmentInformationAllForAccountDocument,
    { ...variables },
  );
  return (
    data.findAppointmentInformationAllForAccount ?? {
      edges: [],
      pageInfo: { hasNextPage: false, endCursor: null },
      totalCount: 0,
    }
  );
}

export const findAppointmentInformationAllForAccountQueryOptions = (variables: FindAppointmentsVariables) =>
  queryOptions({
    queryKey: bookingKeys.appointments(variables),
    queryFn: () => findAppointmentInformationAllForAccount(variables),
    placeholderData: keepPreviousData,
  });

/** One page of the user's bookings. */
export function useAppointmentsForAccount(variables: FindAppointmentsVariables, enabled = true) {
  return useQuery({ ...findAppointmentInformationAllForAccountQueryOptions(variables), enabled });
}

/** The user's bookings page by page (lists that load more on scroll). */
export function useInfiniteAppointmentsForAccount(variables: Omit<FindAppointmentsVariables, 'offset'>, pageSize = 20) {
  return useInfiniteQuery({
    queryKey: bookingKeys.appointments({ ...variables, infinite: pageSize }),
    queryFn: ({ pageParam }) =>
      findAppointmentInformationAllForAccount({ ...variables, first: pageSize, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.pageInfo.hasNextPage ? pages.length * pageSize : undefined),
  });
}

/** One booking of the user by id; null when it is not theirs or does not exist. */
export function useAppointment(id: string | null | undefined) {
  return useQuery({
    queryKey: bookingKeys.appointment(id ?? ''),
    queryFn: async () =>
      (await findAppointmentInformationAllForAccount({ first: 1, filter: { id: { eq: id! } } })).edges[0]?.node ?? null,
    enabled: Boolean(id),
  });
}
