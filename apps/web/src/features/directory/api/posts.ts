import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const postsDocument = /* GraphQL */ `
  query posts($filter: PostFilter) {
    posts(filter: $filter) {
      id
      name
      code
      disabled
    }
  }
`;

export interface Post {
  id: string;
  name: string;
  code: string;
  disabled: boolean;
}

export const postsQueryOptions = () =>
  queryOptions({
    queryKey: ['directory', 'posts'],
    queryFn: async () => (await gql<{ posts: Post[] | null }>('iam', postsDocument, { filter: {} })).posts ?? [],
    staleTime: 60_000,
  });

/** The tenant's posts (岗位). */
export function usePosts() {
  return useQuery(postsQueryOptions());
}
