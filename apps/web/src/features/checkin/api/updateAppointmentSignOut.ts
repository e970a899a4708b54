import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import { SIGN_RESULT_FIELDS, refreshAfterSign, type SignResult } from './result.ts';

export const updateAppointmentSignOutDocument = /* GraphQL */ `
  mutation updateAppointmentSignOut($id: ID!) {
    updateAppointmentSignOut(id: $id) { ${SIGN_RESULT_FIELDS} }
  }
`;

/**
 * Staff check a checked-in booking out by hand (the registration desk), without the booker's
 * voucher; the same rule as a voucher scan. A refusal is thrown with its zh/en reason.
 */
export async function updateAppointmentSignOut(id: string): Promise<SignResult> {
  const data = await gql<{ updateAppointmentSignOut: SignResult | null }>(
    'apps_yy_sys',
    updateAppointmentSignOutDocument,
    { id },
  );
  return assertOk(data.updateAppointmentSignOut) as SignResult;
}

/** Checks a booking out by hand; check-in and booking queries reload. */
export function useUpdateAppointmentSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointmentSignOut,
    onSuccess: () => refreshAfterSign(queryClient),
  });
}
