import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { Page, VisitorCar, VisitorCarFilter } from './types.ts';

export const findVisitorCarListDocument = /* GraphQL */ `
  query findVisitorCarList($first: Int, $offset: Int, $filter: VisitorCarFilterMap) {
    findVisitorCarList(first: $first, offset: $offset, filter: $filter) {
      edges {
        node {
          id
          visitor_name
          phone
          car_product
          car_card_number
          in_school_date
          in_school_area_name
          in_school_area_name_en
          accept_visit_name
          state
          state_name
          state_name_en
        }
      }
      totalCount
    }
  }
`;

export interface FindVisitorCarsVariables {
  first: number;
  offset: number;
  filter: VisitorCarFilter;
}

export async function findVisitorCarList(v: FindVisitorCarsVariables): Promise<Page<VisitorCar>> {
  const data = await gql<{ findVisitorCarList: { edges: { node: VisitorCar }[]; totalCount: number } }>(
    'apps_yy_sys',
    findVisitorCarListDocument,
    { ...v },
  );
  return { rows: data.findVisitorCarList.edges.map((e) => e.node), totalCount: data.findVisitorCarList.totalCount };
}

export const findVisitorCarListQueryOptions = (v: FindVisitorCarsVariables) =>
  queryOptions({
    queryKey: ['findVisitorCarList', v],
    queryFn: () => findVisitorCarList(v),
    placeholderData: keepPreviousData,
  });

/** A page of visitors' cars (approved visits with a car). */
export const useVisitorCars = (v: FindVisitorCarsVariables) => useQuery(findVisitorCarListQueryOptions(v));
