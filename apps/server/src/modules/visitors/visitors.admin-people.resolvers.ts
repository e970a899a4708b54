import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import { toWireLog } from '../logs/logs.rules.ts';
import * as people from './visitors.admin-people.service.ts';

/** The visitor back office's people: long-term visitors and the visitor module's operate log (apps_yy_sys). */
export const visitorAdminPeopleGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'visitors.admin-people.graphql'),
  resolvers: {
    Query: {
      findVisitorLongTermEntityList: async (_, args, { ctx }) => {
        const { rows, total, offset } = await people.listLongTerms(ctx, args);
        return connection(rows, total, offset);
      },
      longTermAuthoritativeTriples: async (_, { person_type }, { ctx }) =>
        people.authoritativeTriples(ctx, person_type),
      findVisitorOperateLogList: async (_, args, { ctx }) => {
        const { rows, total, offset } = await people.visitorOperateLog(ctx, args);
        const zone = ctx.tenant?.timeZone ?? ctx.config.timeZone;
        return connection(
          rows.map((r) => toWireLog(r, zone)),
          total,
          offset,
        );
      },
    },
    Mutation: {
      saveVisitorLongTermEntity: async (_, { model }, { ctx }) => ok({ ids: await people.saveLongTerms(ctx, [model]) }),
      batchSaveVisitorLongTermEntity: async (_, { models }, { ctx }) =>
        ok({ ids: await people.saveLongTerms(ctx, models) }),
      updateVisitorLongTermEntity: async (_, { model }, { ctx }) =>
        ok({ ids: await people.updateLongTerms(ctx, [model]) }),
      batchUpdateVisitorLongTermEntity: async (_, { models }, { ctx }) =>
        ok({ ids: await people.updateLongTerms(ctx, models) }),
      deleteVisitorLongTermEntity: async (_, { id }, { ctx }) => ok({ ids: await people.deleteLongTermsOf(ctx, [id]) }),
      batchDeleteVisitorLongTermEntity: async (_, { ids }, { ctx }) =>
        ok({ ids: await people.deleteLongTermsOf(ctx, ids) }),
      updateVisitorLongTermListState: async (_, { ids, is_enable }, { ctx }) =>
        ok({ ids: await people.setLongTermState(ctx, ids, is_enable) }),
    },
  },
};
