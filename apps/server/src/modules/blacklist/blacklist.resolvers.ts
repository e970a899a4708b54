import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as blacklist from './blacklist.service.ts';

/** The blacklist (/manage/black: black-list and black-settings) and a user's own ban. */
export const blacklistGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'blacklist.graphql'),
  resolvers: {
    Query: {
      findBlackListAll: async (_, args, { ctx }) => {
        const { rows, total, offset } = await blacklist.listEntries(ctx, args);
        return connection(rows, total, offset);
      },
      findBlackListForSelf: async (_, __, { ctx }) => blacklist.ownBan(ctx),
      findBlackSettings: async (_, __, { ctx }) => blacklist.getSettings(ctx),
    },
    Mutation: {
      saveBlackList: async (_, { model }, { ctx }) => ok({ ids: [await blacklist.addEntry(ctx, model)] }),
      deleteBlackList: async (_, { id }, { ctx }) => ok({ ids: [await blacklist.removeEntry(ctx, id)] }),
      pardonBlackList: async (_, { id, reason }, { ctx }) =>
        ok({ ids: [await blacklist.pardonEntry(ctx, id, reason)] }),
      saveBlackSettings: async (_, { model }, { ctx }) => ok({ ids: [await blacklist.saveSettings(ctx, model)] }),
    },
  },
};
