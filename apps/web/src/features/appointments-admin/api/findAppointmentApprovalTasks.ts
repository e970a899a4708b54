import { useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { adminAppointmentKeys, type ApprovalTask } from '../types.ts';

export const findAppointmentApprovalTasksDocument = /* GraphQL */ `
  query findAppointmentApprovalTasks($appointmentId: String!) {
    findAppointmentApprovalTasks(appointmentId: $appointmentId) {
      id
      task_name
      task_name_en
      status
      status_name
      status_name_en
      reason
      operator
      operator_name
      handle_time
    }
  }
`;

export async function findAppointmentApprovalTasks(appointmentId: string): Promise<ApprovalTask[]> {
  const data = await gql<{ findAppointmentApprovalTasks: ApprovalTask[] | null }>(
    'apps_yy_sys',
    findAppointmentApprovalTasksDocument,
    { appointmentId },
  );
  return data.findAppointmentApprovalTasks ?? [];
}

/** A booking's approval steps, handled ones first, then the pending one. */
export function useAppointmentApprovalTasks(appointmentId: string | null | undefined) {
  return useQuery({
    queryKey: adminAppointmentKeys.tasks(appointmentId ?? ''),
    queryFn: () => findAppointmentApprovalTasks(appointmentId!),
    enabled: Boolean(appointmentId),
  });
}
