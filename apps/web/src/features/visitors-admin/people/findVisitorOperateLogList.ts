import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperateLog, OperateLogPage, OperateLogVariables } from '../../logs/api/findOperateLogAll.ts';

export const findVisitorOperateLogListDocument = /* GraphQL */ `
  query findVisitorOperateLogList($first: Int, $offset: Int, $filter: OperateLogFilterMap, $operateTime: [String]) {
    findVisitorOperateLogList(first: $first, offset: $offset, filter: $filter, operateTime: $operateTime) {
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

/** A page of the visitor module's operate log (the server fixes the module to 'visitor'). */
export async function findVisitorOperateLogList(variables: OperateLogVariables): Promise<OperateLogPage> {
  const data = await gql<{
    findVisitorOperateLogList: {
      edges: { node: OperateLog }[];
      pageInfo: { hasNextPage: boolean };
      totalCount: number;
    };
  }>('apps_yy_sys', findVisitorOperateLogListDocument, { ...variables });
  const c = data.findVisitorOperateLogList;
  return { rows: c.edges.map((e) => e.node), totalCount: c.totalCount, hasNextPage: c.pageInfo.hasNextPage };
}

export const findVisitorOperateLogListQueryOptions = (variables: OperateLogVariables) =>
  queryOptions({
    queryKey: ['findVisitorOperateLogList', variables],
    queryFn: () => findVisitorOperateLogList(variables),
    placeholderData: keepPreviousData,
  });

export const useFindVisitorOperateLogList = (variables: OperateLogVariables) =>
  useQuery(findVisitorOperateLogListQueryOptions(variables));
