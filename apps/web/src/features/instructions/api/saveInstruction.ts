import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import type { InstructionState } from './findInstructionAll.ts';

export const saveInstructionDocument = /* GraphQL */ `
  mutation saveInstruction($model: InputInstruction) {
    saveInstruction(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export interface InstructionInput {
  id?: string;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  order: number;
  state: InstructionState;
}

export async function saveInstruction(model: InstructionInput): Promise<OperationResult> {
  return (await gql<{ saveInstruction: OperationResult }>('apps_yy_sys', saveInstructionDocument, { model }))
    .saveInstruction;
}

/** Creates or changes an instruction; the lists and the reading pages reload. */
export function useSaveInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInstruction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['findInstructionAll'] }),
        queryClient.invalidateQueries({ queryKey: ['findInstruction'] }),
      ]),
  });
}
