import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as notices from './notices.service.ts';

export const noticesGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'notices.graphql'),
  resolvers: {
    Query: {
      findFiveNotice: async (_, __, { ctx }) => notices.listFiveNotices(ctx),
      findNoticeAll: async (_, args, { ctx }) => {
        const { rows, total, offset } = await notices.listNoticePage(ctx, args);
        return connection(rows, total, offset);
      },
      findNotice: async (_, { id }, { ctx }) => notices.getNotice(ctx, id),
      findNoticeReadEntityList: async (_, args, { ctx }) => {
        const { rows, total, offset } = await notices.listReadPage(ctx, args);
        return connection(rows, total, offset);
      },
    },
    Mutation: {
      saveNotice: async (_, { model }, { ctx }) => ok({ ids: [await notices.saveNotice(ctx, model)] }),
      updateNoticeState: async (_, { id, state }, { ctx }) =>
        ok({ ids: [await notices.updateNoticeState(ctx, id, state)] }),
      deleteNotice: async (_, { id }, { ctx }) => ok({ ids: [await notices.deleteNotice(ctx, id)] }),
      saveNoticeReadEntity: async (_, { model }, { ctx }) => ok({ ids: [await notices.saveNoticeRead(ctx, model)] }),
    },
  },
};
