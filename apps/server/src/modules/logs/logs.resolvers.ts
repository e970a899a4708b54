import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import { toWireLog } from './logs.rules.ts';
import * as logs from './logs.service.ts';

const typeDefs = readSdl(import.meta.url, 'logs.graphql');

export const logsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs,
  resolvers: {
    Query: {
      findOperateLogAll: async (_, args, { ctx }) => {
        const { rows, total, offset } = await logs.listOperateLogPage(ctx, args);
        const zone = ctx.tenant?.timeZone ?? ctx.config.timeZone;
        return connection(
          rows.map((r) => toWireLog(r, zone)),
          total,
          offset,
        );
      },
      findOperateLog: async (_, { id }, { ctx }) => {
        const row = await logs.getOperateLog(ctx, id);
        return row ? toWireLog(row, ctx.tenant?.timeZone ?? ctx.config.timeZone) : null;
      },
    },
    Mutation: {
      saveOperateLog: async (_, { model }, { ctx }) => ok({ ids: await logs.saveOperateLogs(ctx, model, false) }),
      saveOperateLogAll: async (_, { models }, { ctx }) => ok({ ids: await logs.saveOperateLogs(ctx, models, true) }),
      deleteOperateLog: async (_, { id }, { ctx }) => ok({ ids: await logs.deleteOperateLog(ctx, id) }),
      deleteOperateLogAll: async (_, { ids }, { ctx }) => ok({ ids: await logs.deleteOperateLogAll(ctx, ids) }),
    },
  },
};
