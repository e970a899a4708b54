import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { bookingKeys } from '../keys.ts';
import { type Appointment, type AppointmentFilter, type Connection } from '../types.ts';

export const findAppointmentInformationAllForSelfDocument = /* GraphQL */ `
  query findAppointmentInformationAllForSelf($first: Int, $offset: Int, $filter: AppointmentInformationFilterMap) {
    findAppointmentInformationAllForSelf(first: $first, offset: $offset, filter: $filter) {
      edges {
        node {
          id
          resources_id
          resources_name
          resources_name_en
          resources_type_name
          resources_type_name_en
          appointment_date
          start_time
          end_time
          state
          audit_status
          appointment_state
          event
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }
`;

export type SelfAppointment = Pick<
  Appointment,
  | 'id'
  | 'resources_id'
  | 'resources_name'
  | 'resources_name_en'
  | 'resources_type_name'
  | 'resources_type_name_en'
  | 'appointment_date'
  | 'start_time'
  | 'end_time'
  | 'state'
  | 'audit_status'
  | 'appointment_state'
  | 'event'
>;

export interface FindSelfVariables {
  first?: number;
  offset?: number;
  filter?: AppointmentFilter;
}

/** The caller's own bookings in short, latest first. */
export async function findAppointmentInformationAllForSelf(
  variables: FindSelfVariables,
): Promise<Connection<SelfAppointment>> {
  const data = await gql<{ findAppointmentInformationAllForSelf: Connection<SelfAppointment> | null }>(
    'apps_yy_sys',
    findAppointmentInformationAllForSelfDocument,
    { ...variables },
  );
  return (
    data.findAppointmentInformationAllForSelf ?? {
      edges: [],
      pageInfo: { hasNextPage: false, endCursor: null },
      totalCount: 0,
    }
  );
}

export const findAppointmentInformationAllForSelfQueryOptions = (variables: FindSelfVariables) =>
  queryOptions({
    queryKey: bookingKeys.self(variables),
    queryFn: () => findAppointmentInformationAllForSelf(variables),
  });

/** The caller's own bookings (short form); `totalCount` with first 1 counts them. */
export function useAppointmentsForSelf(variables: FindSelfVariables) {
  return useQuery(findAppointmentInformationAllForSelfQueryOptions(variables));
}
