import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const findUserImageDocument = /* GraphQL */ `
  query findUserImage($account: String!) {
    findUserImage(account: $account) {
      account
      image
      create_time
    }
  }
`;

export interface UserImage {
  account: string;
  image: string;
  create_time: string;
}

export const findUserImageQueryOptions = (token: string | null, account: string | null) =>
  queryOptions({
    queryKey: ['findUserImage', token, account],
    queryFn: async () =>
      (await gql<{ findUserImage: UserImage | null }>('iam', findUserImageDocument, { account })).findUserImage,
    enabled: token !== null && account !== null,
    staleTime: 5 * 60_000,
  });

/** The user's avatar URI, or null; a failed load is only logged (spec 8). */
export function useUserImage(token: string | null, account: string | null): string | null {
  const query = useQuery(findUserImageQueryOptions(token, account));
  if (query.error) console.warn('[avatar] failed to load the user image', query.error);
  return query.data?.image ?? null;
}
