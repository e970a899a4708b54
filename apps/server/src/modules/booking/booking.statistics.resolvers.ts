import { readSdl } from '../../platform/graphql/endpoint.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import { bookingStatistics } from './booking.statistics.service.ts';

/** The back office's booking statistics in one query. */
export const bookingStatisticsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'booking.statistics.graphql'),
  resolvers: {
    Query: {
      findAppointmentStatistics: async (_, args, { ctx }) => bookingStatistics(ctx, args),
    },
  },
};
