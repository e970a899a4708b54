import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../result.ts';

export const checkAppointmentCancelTimeDocument = /* GraphQL */ `
  query checkAppointmentCancelTime($id: String) {
    checkAppointmentCancelTime(id: $id) {
      errcode
      msg
      msg_en
    }
  }
`;

/**
 * Whether the booking may be cancelled now (min_interval_minutes_cancel): resolves when it may,
 * rejects with the server's zh/en reason otherwise.
 */
export async function checkAppointmentCancelTime(id: string): Promise<OperationResult> {
  const data = await gql<{ checkAppointmentCancelTime: OperationResult | null }>(
    'apps_yy_sys',
    checkAppointmentCancelTimeDocument,
    { id },
  );
  return assertOk(data.checkAppointmentCancelTime);
}
