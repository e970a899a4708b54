import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { SIGN_FIELDS, checkinKeys, type AppointmentSign } from '../types.ts';

export const findAppointmentSignInfoDocument = /* GraphQL */ `
  query findAppointmentSignInfo($appointmentId: String!) {
    findAppointmentSignInfo(appointmentId: $appointmentId) { ${SIGN_FIELDS} }
  }
`;

/** A booking's check-in record and windows, for its booker or an administrator of its resource. */
export async function findAppointmentSignInfo(appointmentId: string): Promise<AppointmentSign | null> {
  return (
    await gql<{ findAppointmentSignInfo: AppointmentSign | null }>('apps_yy_sys', findAppointmentSignInfoDocument, {
      appointmentId,
    })
  ).findAppointmentSignInfo;
}

export const findAppointmentSignInfoQueryOptions = (appointmentId: string | null | undefined) =>
  queryOptions({
    queryKey: checkinKeys.info(appointmentId ?? ''),
    queryFn: () => findAppointmentSignInfo(appointmentId!),
    enabled: Boolean(appointmentId),
    retry: false,
  });

/**
 * A booking's check-in record. `pollMs`: read it again that often while the page is shown (a
 * voucher on screen learns that staff scanned it).
 */
export function useAppointmentSignInfo(appointmentId: string | null | undefined, pollMs?: number) {
  return useQuery({ ...findAppointmentSignInfoQueryOptions(appointmentId), refetchInterval: pollMs ?? false });
}
