import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const usersDocument = /* GraphQL */ `
  query users($filter: UserFilter, $first: Int, $offset: Int) {
    users(filter: $filter, first: $first, offset: $offset) {
      edges {
        node {
          id
          account
          name
        }
      }
      totalCount
    }
  }
`;

/** A directory user as a picker shows it. */
export interface DirectoryUserOption {
  id: string;
  account: string;
  name: string;
}

/** Users whose name contains `keyword` (all users when it is empty), first 50. */
export const usersQueryOptions = (keyword: string, enabled = true) =>
  queryOptions({
    queryKey: ['directory', 'users', keyword],
    queryFn: async () => {
      const data = await gql<{ users: { edges: { node: DirectoryUserOption }[] } | null }>('iam', usersDocument, {
        filter: keyword ? { name: { like: keyword } } : {},
        first: 50,
        offset: 0,
      });
      return data.users?.edges.map((e) => e.node) ?? [];
    },
    placeholderData: keepPreviousData,
    enabled,
  });

/** Users of the tenant matching a name, for pickers. */
export function useUsers(keyword: string, enabled = true) {
  return useQuery(usersQueryOptions(keyword, enabled));
}
