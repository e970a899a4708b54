import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { refreshDelayMs } from '../codes.ts';
import { SIGN_CODE_FIELDS, checkinKeys, type AppointmentSignCode } from '../types.ts';

export const findAppointmentSignCodeDocument = /* GraphQL */ `
  query findAppointmentSignCode($appointmentId: String!) {
    findAppointmentSignCode(appointmentId: $appointmentId) { ${SIGN_CODE_FIELDS} }
  }
`;

/** The booker's voucher for a booking: a single-use code valid 300 s, with its QR image. */
export async function findAppointmentSignCode(appointmentId: string): Promise<AppointmentSignCode | null> {
  return (
    await gql<{ findAppointmentSignCode: AppointmentSignCode | null }>('apps_yy_sys', findAppointmentSignCodeDocument, {
      appointmentId,
    })
  ).findAppointmentSignCode;
}

export const findAppointmentSignCodeQueryOptions = (appointmentId: string | null | undefined) =>
  queryOptions({
    queryKey: checkinKeys.voucher(appointmentId ?? ''),
    queryFn: () => findAppointmentSignCode(appointmentId!),
    enabled: Boolean(appointmentId),
    // A refused voucher (cancelled, no-show...) stays refused: say why at once.
    retry: false,
    // Fresh until shortly before it expires; then (or when the page is shown again) a new one.
    staleTime: (q) => refreshDelayMs(q.state.data?.expires_in),
    refetchInterval: (q) => (q.state.data ? refreshDelayMs(q.state.data.expires_in) : false),
    refetchOnWindowFocus: true,
  });

/** The voucher of one of the user's bookings, fetched again before it expires. */
export function useAppointmentSignCode(appointmentId: string | null | undefined, enabled = true) {
  const options = findAppointmentSignCodeQueryOptions(appointmentId);
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
