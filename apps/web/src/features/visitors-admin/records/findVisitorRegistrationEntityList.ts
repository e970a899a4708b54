import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { Page, VisitorRecord, VisitorRecordFilter } from './types.ts';

export const findVisitorRegistrationEntityListDocument = /* GraphQL */ `
  query findVisitorRegistrationEntityList($first: Int, $offset: Int, $filter: VisitorRecordFilterMap, $whole: Boolean) {
    findVisitorRegistrationEntityList(first: $first, offset: $offset, filter: $filter, whole: $whole) {
      edges {
        node {
          id
          visitor_name
          card_type
          card_number
          phone
          gender
          email
          unit
          post
          person_type
          is_car
          car_product
          car_card_number
          is_valid
          remark
          data_source
          create_time
        }
      }
      totalCount
    }
  }
`;

export interface FindVisitorRecordsVariables {
  first: number;
  offset: number;
  filter: VisitorRecordFilter;
  whole?: boolean;
}

export async function findVisitorRegistrationEntityList(v: FindVisitorRecordsVariables): Promise<Page<VisitorRecord>> {
  const data = await gql<{
    findVisitorRegistrationEntityList: { edges: { node: VisitorRecord }[]; totalCount: number };
  }>('apps_yy_sys', findVisitorRegistrationEntityListDocument, { ...v, whole: v.whole ?? false });
  const list = data.findVisitorRegistrationEntityList;
  return { rows: list.edges.map((e) => e.node), totalCount: list.totalCount };
}

export const findVisitorRegistrationEntityListQueryOptions = (v: FindVisitorRecordsVariables) =>
  queryOptions({
    queryKey: ['findVisitorRegistrationEntityList', v],
    queryFn: () => findVisitorRegistrationEntityList(v),
    placeholderData: keepPreviousData,
  });

/** A page of visitor records (numbers whole only when asked: the server logs that view). */
export const useVisitorRecords = (v: FindVisitorRecordsVariables) =>
  useQuery(findVisitorRegistrationEntityListQueryOptions(v));
