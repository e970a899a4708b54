import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { publicBookingKeys, type PublicAppointmentCheck } from '../types.ts';

export const findPublicAppointmentCheckDocument = /* GraphQL */ `
  query findPublicAppointmentCheck($id: String!, $tenantKey: String) {
    findPublicAppointmentCheck(id: $id, tenantKey: $tenantKey) {
      id
      resources_id
      resources_name
      resources_name_en
      appointment_date
      start_time
      end_time
      entry_start
      entry_end
      verdict
      state
      audit_status
      appointment_state
      sign_state
      appointment_user_name
      checked_at
    }
  }
`;

/** A booking's check for a gate or door, without sign-in (`tenantKey`: a shared link's tenant). */
export async function findPublicAppointmentCheck(id: string, tenantKey = ''): Promise<PublicAppointmentCheck | null> {
  const data = await gql<{ findPublicAppointmentCheck: PublicAppointmentCheck | null }>(
    'public',
    findPublicAppointmentCheckDocument,
    { id, tenantKey: tenantKey || null },
  );
  return data.findPublicAppointmentCheck;
}

export const findPublicAppointmentCheckQueryOptions = (id: string, tenantKey = '') =>
  queryOptions({
    queryKey: publicBookingKeys.check(id, tenantKey),
    queryFn: () => findPublicAppointmentCheck(id, tenantKey),
    enabled: Boolean(id),
    retry: false,
  });

/** The check, read again every `pollMs` (the verdict changes with time: not yet, valid, expired). */
export function usePublicAppointmentCheck(id: string, tenantKey = '', pollMs = 60_000) {
  return useQuery({ ...findPublicAppointmentCheckQueryOptions(id, tenantKey), refetchInterval: pollMs });
}
