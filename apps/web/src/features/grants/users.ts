import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../lib/graphql.ts';
import { grantsKeys } from './types.ts';

/** `users` (iam) by account or by name: the directory filters one column at a time, so two in one request. */
export const grantUsersDocument = /* GraphQL */ `
  query grantUsers($byAccount: UserFilter, $byName: UserFilter, $first: Int) {
    byAccount: users(filter: $byAccount, first: $first, offset: 0) {
      edges {
        node {
          id
          account
          name
        }
      }
    }
    byName: users(filter: $byName, first: $first, offset: 0) {
      edges {
        node {
          id
          account
          name
        }
      }
    }
  }
`;

export interface UserChoice {
  id: string;
  account: string;
  name: string;
}

type Page = { edges: { node: UserChoice }[] } | null;

const PICK_MAX = 20;

/** The tenant's users whose account or name contains `keyword` (at most 20 of each), each once. */
export async function findUsersToGrant(keyword: string): Promise<UserChoice[]> {
  const like = { like: keyword };
  const data = await gql<{ byAccount: Page; byName: Page }>('iam', grantUsersDocument, {
    byAccount: { account: like },
    byName: { name: like },
    first: PICK_MAX,
  });
  const seen = new Map<string, UserChoice>();
  for (const u of [...(data.byAccount?.edges ?? []), ...(data.byName?.edges ?? [])].map((e) => e.node)) {
    if (u.id && !seen.has(u.id)) seen.set(u.id, u);
  }
  return [...seen.values()];
}

/** Users to grant a role to, searched once something is typed. */
export function useUsersToGrant(keyword: string) {
  const k = keyword.trim();
  return useQuery(
    queryOptions({
      queryKey: [...grantsKeys.all, 'users', k],
      queryFn: () => findUsersToGrant(k),
      enabled: k.length > 0,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}
