import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { BLACKLIST_FIELDS, checkinKeys, type BlackList } from '../types.ts';

export const findBlackListForSelfDocument = /* GraphQL */ `
  query findBlackListForSelf {
    findBlackListForSelf { ${BLACKLIST_FIELDS} }
  }
`;

/** The caller's ban in force (reason and end), or null. */
export async function findBlackListForSelf(): Promise<BlackList | null> {
  return (await gql<{ findBlackListForSelf: BlackList | null }>('apps_yy_sys', findBlackListForSelfDocument))
    .findBlackListForSelf;
}

export const findBlackListForSelfQueryOptions = () =>
  queryOptions({ queryKey: checkinKeys.ban, queryFn: findBlackListForSelf, staleTime: 60_000 });

/** The signed-in user's ban in force, or null (shown where they book and in the personal centre). */
export function useOwnBan(enabled = true) {
  return useQuery({ ...findBlackListForSelfQueryOptions(), enabled });
}
