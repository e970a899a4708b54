import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { Codes } from './types.ts';

export const findCodesDocument = /* GraphQL */ `
  query findCodes($id: ID) {
    findCodes(id: $id) {
      id
      code
      name
      name_en
      description
      order
      create_time
      items_count
    }
  }
`;

export const findCodesQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['findCodes', id],
    queryFn: async () => (await gql<{ findCodes: Codes | null }>('apps_yy_sys', findCodesDocument, { id })).findCodes,
    enabled: Boolean(id),
  });

/** One code table (null when it does not exist). */
export const useFindCodes = (id: string | null) => useQuery(findCodesQueryOptions(id));
