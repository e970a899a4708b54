import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import type { SignDirection } from '../types.ts';
import { SIGN_RESULT_FIELDS, refreshAfterSign, type SignResult } from './result.ts';

export const scanAppointmentSignCodeDocument = /* GraphQL */ `
  mutation scanAppointmentSignCode($code: String!, $type: String) {
    scanAppointmentSignCode(code: $code, type: $type) { ${SIGN_RESULT_FIELDS} }
  }
`;

/**
 * Staff (tenant or resource administrators) scan a booker's voucher to check the booking in or
 * out. A voucher is single use.
 */
export async function scanAppointmentSignCode(code: string, direction: SignDirection = 'in'): Promise<SignResult> {
  const data = await gql<{ scanAppointmentSignCode: SignResult | null }>(
    'apps_yy_sys',
    scanAppointmentSignCodeDocument,
    {
      code,
      type: direction === 'out' ? '2' : '1',
    },
  );
  return assertOk(data.scanAppointmentSignCode) as SignResult;
}

/** A staff scan of a voucher; check-in and booking queries reload. */
export function useScanAppointmentSignCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, direction }: { code: string; direction: SignDirection }) =>
      scanAppointmentSignCode(code, direction),
    onSuccess: () => refreshAfterSign(queryClient),
  });
}
