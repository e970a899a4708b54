import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import { SIGN_RESULT_FIELDS, refreshAfterSign, type SignResult } from './result.ts';

export const saveAppointmentSignOutDocument = /* GraphQL */ `
  mutation saveAppointmentSignOut($code: String!) {
    saveAppointmentSignOut(code: $code) { ${SIGN_RESULT_FIELDS} }
  }
`;

/** The booker checks out of their checked-in booking by the resource's code (resources with sign_out_rule '1'). */
export async function saveAppointmentSignOut(code: string): Promise<SignResult> {
  const data = await gql<{ saveAppointmentSignOut: SignResult | null }>('apps_yy_sys', saveAppointmentSignOutDocument, {
    code,
  });
  return assertOk(data.saveAppointmentSignOut) as SignResult;
}

/** Checks out with a resource's code; check-in and booking queries reload. */
export function useSaveAppointmentSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAppointmentSignOut,
    onSuccess: () => refreshAfterSign(queryClient),
  });
}
