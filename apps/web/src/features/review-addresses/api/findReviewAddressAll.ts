import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const findReviewAddressAllDocument = /* GraphQL */ `
  query findReviewAddressAll($filter: ReviewAddressFilterMap) {
    findReviewAddressAll(filter: $filter) {
      id
      name
      name_en
      url
      resource_type_id
      description
      enabled
      create_time
    }
  }
`;

/** The address of an external review (approval) page for a resource type. */
export interface ReviewAddress {
  id: string;
  name: string;
  name_en: string;
  url: string;
  resource_type_id: string;
  description: string;
  enabled: boolean;
  create_time: string;
}

export interface ReviewAddressFilter {
  name?: { like?: string };
  resource_type_id?: { eq?: string };
}

export const findReviewAddressAllQueryOptions = (filter: ReviewAddressFilter = {}) =>
  queryOptions({
    queryKey: ['findReviewAddressAll', filter],
    queryFn: async () =>
      (
        await gql<{ findReviewAddressAll: ReviewAddress[] | null }>('apps_yy_sys', findReviewAddressAllDocument, {
          filter,
        })
      ).findReviewAddressAll ?? [],
  });

export const useFindReviewAddressAll = (filter: ReviewAddressFilter = {}) =>
  useQuery(findReviewAddressAllQueryOptions(filter));
