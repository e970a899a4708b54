import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { bookingKeys } from '../../../features/booking/keys.ts';
import { BOOKABLE_RESOURCE_DETAIL_FIELDS, type BookableResourceDetail } from '../../../features/booking/types.ts';
import type { NoReservation, NumberLimitRule } from '../../../features/rules/types.ts';

/**
 * `findResources` for the desktop dialogs: the booking side's fields plus the rules the
 * resource detail summarises (closed periods, per-person limits, bookable months, advance window).
 */
export const findResourceForBookingDocument = /* GraphQL */ `
  query findResources($id: ID!) {
    findResources(id: $id) {
      ${BOOKABLE_RESOURCE_DETAIL_FIELDS}
      capacity_field_type advance_booking max_advance_booking_day max_advance_booking_hour max_advance_booking_minute
      min_advance_booking_day min_advance_booking_hour min_advance_booking_minute
      resourcesMonthList { month day }
      resourcesNoReservationConfigList { rule_type month day start_date end_date week start_time end_time reason_cn reason_en }
      resourcesAppointmentNumberLimitRuleList { appointment_number_rule appointment_number_limit
        timeperiod_number_begin_date timeperiod_number_end_date }
      resourcesConfig { is_appointment_number_limit appointment_number_rule appointment_number_limit
        timeperiod_number_begin_date timeperiod_number_end_date }
    }
  }
`;

/** The resource's own single per-person limit (`resourcesConfig`), beside its list. */
interface ConfigLimit {
  is_appointment_number_limit?: string | null;
  appointment_number_rule?: string | null;
  appointment_number_limit?: number | null;
  timeperiod_number_begin_date?: string | null;
  timeperiod_number_end_date?: string | null;
}

export interface ResourceForBooking extends Omit<BookableResourceDetail, 'resourcesConfig'> {
  resourcesConfig: (NonNullable<BookableResourceDetail['resourcesConfig']> & ConfigLimit) | null;
  capacity_field_type: string;
  advance_booking: string;
  max_advance_booking_day: number | null;
  max_advance_booking_hour: number | null;
  max_advance_booking_minute: number | null;
  min_advance_booking_day: number | null;
  min_advance_booking_hour: number | null;
  min_advance_booking_minute: number | null;
  resourcesMonthList: { month: string; day: string | null }[] | null;
  resourcesNoReservationConfigList: NoReservation[] | null;
  resourcesAppointmentNumberLimitRuleList: NumberLimitRule[] | null;
}

export async function findResourceForBooking(id: string): Promise<ResourceForBooking | null> {
  const data = await gql<{ findResources: ResourceForBooking | null }>('apps_yy_sys', findResourceForBookingDocument, {
    id,
  });
  return data.findResources;
}

export const findResourceForBookingQueryOptions = (id: string | null | undefined) =>
  queryOptions({
    queryKey: [...bookingKeys.all, 'pcResource', id ?? ''],
    queryFn: () => findResourceForBooking(id!),
    enabled: Boolean(id),
    staleTime: 30_000,
  });

/** One resource the user may see, with its rules; null when not found (or not visible). */
export function useResourceForBooking(id: string | null | undefined) {
  return useQuery(findResourceForBookingQueryOptions(id));
}

/** Minutes of the resource's free-period bounds (0: no bound). */
export function freeBoundsOf(r: Pick<BookableResourceDetail, 'resourcesConfig'> | null | undefined) {
  return {
    min: r?.resourcesConfig?.pertimeslot_min_minutes ?? 0,
    max: r?.resourcesConfig?.pertimeslot_max_minutes ?? 0,
  };
}
