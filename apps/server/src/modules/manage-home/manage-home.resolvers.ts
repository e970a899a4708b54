import { readSdl } from '../../platform/graphql/endpoint.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import { manageHomeOverview } from './manage-home.service.ts';

/** The back office's home: today's figures for the caller's scope in one query. */
export const manageHomeGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'manage-home.graphql'),
  resolvers: {
    Query: {
      findManageHomeOverview: async (_, _args, { ctx }) => manageHomeOverview(ctx),
    },
  },
};
