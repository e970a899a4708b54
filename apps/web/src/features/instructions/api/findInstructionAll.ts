import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const findInstructionAllDocument = /* GraphQL */ `
  query findInstructionAll($filter: InstructionFilterMap) {
    findInstructionAll(filter: $filter) {
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

export type InstructionState = 'published' | 'draft';

/** A usage instruction; content and content_en are HTML the server sanitized. */
export interface Instruction {
  id: string;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  order: number;
  state: InstructionState;
  create_time: string;
  update_time: string;
}

export interface InstructionFilter {
  title?: { like?: string };
  state?: { eq?: InstructionState };
}

export const findInstructionAllQueryOptions = (filter: InstructionFilter = {}) =>
  queryOptions({
    queryKey: ['findInstructionAll', filter],
    queryFn: async () =>
      (await gql<{ findInstructionAll: Instruction[] | null }>('apps_yy_sys', findInstructionAllDocument, { filter }))
        .findInstructionAll ?? [],
  });

export const useFindInstructionAll = (filter: InstructionFilter = {}) =>
  useQuery(findInstructionAllQueryOptions(filter));
