import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { CodeLocation } from './types.ts';

export const findLocationsAllDocument = /* GraphQL */ `
  query findLocationsAll($code: String) {
    findLocationsAll(code: $code) {
      id
      code_item_id
      latitude
      longitude
      address
      address_en
      item_code
      item_name
      item_name_en
      item_parent
      codes_id
      code
    }
  }
`;

export const findLocationsAllQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['findLocationsAll', code],
    queryFn: async () =>
      (await gql<{ findLocationsAll: CodeLocation[] | null }>('apps_yy_sys', findLocationsAllDocument, { code }))
        .findLocationsAll ?? [],
  });

/** Locations of the items of the code tables whose code starts with `code`. */
export const useFindLocationsAll = (code: string) => useQuery(findLocationsAllQueryOptions(code));
