import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { blacklistKeys } from '../types.ts';

/** `users` (iam) by account or by name: the directory filters one column at a time, so two queries. */
export const blacklistUsersDocument = /* GraphQL */ `
  query blacklistUsers($byAccount: UserFilter, $byName: UserFilter, $first: Int) {
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

/** The tenant's users whose account or name contains `keyword` (at most 20 of each), accounts unique. */
export async function findUsersForBlacklist(keyword: string): Promise<UserChoice[]> {
  const like = { like: keyword };
  const data = await gql<{ byAccount: Page; byName: Page }>('iam', blacklistUsersDocument, {
    byAccount: { account: like },
    byName: { name: like },
    first: PICK_MAX,
  });
  const seen = new Map<string, UserChoice>();
  for (const u of [...(data.byAccount?.edges ?? []), ...(data.byName?.edges ?? [])].map((e) => e.node)) {
    if (u.account && !seen.has(u.account)) seen.set(u.account, u);
  }
  return [...seen.values()];
}

/** Users to pick for a blacklist entry, searched once something is typed. */
export function useUsersForBlacklist(keyword: string) {
  const k = keyword.trim();
  return useQuery(
    queryOptions({
      queryKey: blacklistKeys.users(k),
      queryFn: () => findUsersForBlacklist(k),
      enabled: k.length > 0,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}
