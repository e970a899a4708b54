import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import { SIGN_RESULT_FIELDS, refreshAfterSign, type SignResult } from './result.ts';

export const saveAppointmentSignInDocument = /* GraphQL */ `
  mutation saveAppointmentSignIn($code: String!) {
    saveAppointmentSignIn(code: $code) { ${SIGN_RESULT_FIELDS} }
  }
`;

/**
 * The booker checks in by the resource's code (the code or the URL holding it): their booking
 * there whose check-in window is open now. A refusal is thrown with its zh/en reason.
 */
export async function saveAppointmentSignIn(code: string): Promise<SignResult> {
  const data = await gql<{ saveAppointmentSignIn: SignResult | null }>('apps_yy_sys', saveAppointmentSignInDocument, {
    code,
  });
  return assertOk(data.saveAppointmentSignIn) as SignResult;
}

/** Checks in with a resource's code; check-in and booking queries reload. */
export function useSaveAppointmentSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAppointmentSignIn,
    onSuccess: () => refreshAfterSign(queryClient),
  });
}
