import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as calendar from './calendar.service.ts';

export const calendarGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'calendar.graphql'),
  resolvers: {
    Query: {
      findCalendarFeedAllForAccount: async (_, args, { ctx }) => calendar.listMyFeeds(ctx, args.resources_id),
    },
    Mutation: {
      saveCalendarFeed: async (_, args, { ctx }) => ({ ...ok(), ...(await calendar.saveMyFeed(ctx, args)) }),
      deleteCalendarFeed: async (_, { id }, { ctx }) => ok({ ids: [await calendar.revokeMyFeed(ctx, id)] }),
    },
  },
};
