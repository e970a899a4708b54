import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { Instruction } from './findInstructionAll.ts';

export const findInstructionDocument = /* GraphQL */ `
  query findInstruction($id: ID) {
    findInstruction(id: $id) {
      id
      title
      title_en
      content
      content_en
      order
      state
      create_time
      update_time
    }
  }
`;

export const findInstructionQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['findInstruction', id],
    queryFn: async () =>
      (await gql<{ findInstruction: Instruction | null }>('apps_yy_sys', findInstructionDocument, { id }))
        .findInstruction,
    enabled: id !== null,
  });

export const useFindInstruction = (id: string | null) => useQuery(findInstructionQueryOptions(id));
