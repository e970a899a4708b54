import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import { visitorKeys, type OperationResult } from '../types.ts';

export const updateVisitorAddFieldInfoDocument = /* GraphQL */ `
  mutation updateVisitorAddFieldInfo($fields: [VisitorFieldValueInput!]!) {
    updateVisitorAddFieldInfo(fields: $fields) {
      errcode
      msg
      msg_en
    }
  }
`;

/** Saves the signed-in visitor's information fields; a refusal is thrown with its zh/en reason. */
export async function updateVisitorAddFieldInfo(
  fields: { field_name: string; value: string }[],
): Promise<OperationResult> {
  const data = await gql<{ updateVisitorAddFieldInfo: OperationResult | null }>(
    'apps_yy_sys',
    updateVisitorAddFieldInfoDocument,
    { fields },
  );
  return assertOk(data.updateVisitorAddFieldInfo);
}

export function useUpdateVisitorAddFieldInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitorAddFieldInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitorKeys.all }),
  });
}
