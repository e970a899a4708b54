import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { bookingKeys } from '../keys.ts';

/** One per-person limit a booking is held to and the caller's use of it (`findAppointmentAllowance`). */
export interface Allowance {
  /** 'resource': bookings of this resource; 'type': bookings of every resource of its type. */
  scope: 'resource' | 'type';
  /** 'quota': bookings dated in the period; 'unfinished': bookings not yet ended. */
  kind: 'quota' | 'unfinished';
  /** '1' day, '2' week, '3' month, '4' between the period's dates; '' for 'unfinished'. */
  appointment_number_rule: string;
  limit: number;
  period_begin: string;
  period_end: string;
  used: number;
  remaining: number;
}

export const findAppointmentAllowanceDocument = /* GraphQL */ `
  query findAppointmentAllowance($resourcesId: String!, $date: Date!) {
    findAppointmentAllowance(resourcesId: $resourcesId, date: $date) {
      scope
      kind
      appointment_number_rule
      limit
      period_begin
      period_end
      used
      remaining
    }
  }
`;

/** The caller's allowance for a booking of a resource on a date ("YYYY-MM-DD"); [] when no limit applies. */
export async function findAppointmentAllowance(resourcesId: string, date: string): Promise<Allowance[]> {
  const data = await gql<{ findAppointmentAllowance: Allowance[] | null }>(
    'apps_yy_sys',
    findAppointmentAllowanceDocument,
    { resourcesId, date },
  );
  return data.findAppointmentAllowance ?? [];
}

/** Under `bookingKeys.all`: a booking made or cancelled anywhere reloads it. */
export const findAppointmentAllowanceQueryOptions = (resourcesId: string, date: string) =>
  queryOptions({
    queryKey: [...bookingKeys.all, 'allowance', resourcesId, date] as const,
    queryFn: () => findAppointmentAllowance(resourcesId, date),
    enabled: Boolean(resourcesId && date),
  });

/** The caller's allowance for a resource and date. */
export function useAppointmentAllowance(resourcesId: string, date: string) {
  return useQuery(findAppointmentAllowanceQueryOptions(resourcesId, date));
}
