import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const findOperateLogAllDocument = /* GraphQL */ `
  query findOperateLogAll(
    $first: Int
    $offset: Int
    $after: String
    $filter: OperateLogFilterMap
    $operateTime: [String]
  ) {
    findOperateLogAll(first: $first, offset: $offset, after: $after, filter: $filter, operateTime: $operateTime) {
      edges {
        node {
          id
          operate_user_id
          operate_user_name
          id_address
          operate_module
          operate_type
          operate_content
          operate_object
          operate_time
        }
      }
      pageInfo {
        hasNextPage
      }
      totalCount
    }
  }
`;

export interface OperateLog {
  id: string;
  operate_user_id: string;
  operate_user_name: string;
  id_address: string;
  operate_module: string;
  operate_type: string;
  operate_content: string;
  operate_object: string;
  operate_time: string;
}

export interface OperateLogPage {
  rows: OperateLog[];
  totalCount: number;
  hasNextPage: boolean;
}

/** Variables of findOperateLogAll, as built by `operateLogVariables`. */
export interface OperateLogVariables {
  first: number;
  offset: number;
  filter: Record<string, { like?: string; eq?: string; in?: string[] }>;
  operateTime: string[];
}

export async function findOperateLogAll(variables: OperateLogVariables): Promise<OperateLogPage> {
  const data = await gql<{
    findOperateLogAll: {
      edges: { node: OperateLog }[];
      pageInfo: { hasNextPage: boolean };
      totalCount: number;
    };
  }>('apps_yy_sys', findOperateLogAllDocument, { ...variables });
  const c = data.findOperateLogAll;
  return { rows: c.edges.map((e) => e.node), totalCount: c.totalCount, hasNextPage: c.pageInfo.hasNextPage };
}

export const findOperateLogAllQueryOptions = (variables: OperateLogVariables) =>
  queryOptions({
    queryKey: ['findOperateLogAll', variables],
    queryFn: () => findOperateLogAll(variables),
    placeholderData: keepPreviousData,
  });

export const useFindOperateLogAll = (variables: OperateLogVariables) =>
  useQuery(findOperateLogAllQueryOptions(variables));
