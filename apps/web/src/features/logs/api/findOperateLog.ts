import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperateLog } from './findOperateLogAll.ts';

export const findOperateLogDocument = /* GraphQL */ `
  query findOperateLog($id: ID) {
    findOperateLog(id: $id) {
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
`;

export const findOperateLogQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['findOperateLog', id],
    queryFn: async () =>
      (await gql<{ findOperateLog: OperateLog | null }>('apps_yy_sys', findOperateLogDocument, { id })).findOperateLog,
    enabled: id !== null,
  });

export const useFindOperateLog = (id: string | null) => useQuery(findOperateLogQueryOptions(id));
