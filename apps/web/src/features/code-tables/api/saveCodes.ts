import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const saveCodesDocument = /* GraphQL */ `
  mutation saveCodes($model: InputCodes) {
    saveCodes(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export interface CodesModel {
  id?: string;
  code: string;
  name: string;
  name_en?: string;
  description?: string;
  order?: number;
}

export async function saveCodes(model: CodesModel): Promise<OperationResult> {
  return (await gql<{ saveCodes: OperationResult }>('apps_yy_sys', saveCodesDocument, { model })).saveCodes;
}

/** Creates a code table; the lists reload. */
export function useSaveCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['findCodesAll'] }),
  });
}
