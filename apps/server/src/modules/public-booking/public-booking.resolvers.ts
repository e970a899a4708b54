import { readSdl } from '../../platform/graphql/endpoint.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as publicBooking from './public-booking.service.ts';

/** The open booking pages' operations on the public endpoint: the booking check and the booking chart. */
export const publicBookingGraphql: GraphqlContribution<'public'> = {
  endpoint: 'public',
  typeDefs: readSdl(import.meta.url, 'public-booking.graphql'),
  resolvers: {
    Query: {
      findPublicAppointmentCheck: async (_, { id, tenantKey }, { ctx }) =>
        publicBooking.checkAppointment(ctx, id, tenantKey),
      findPublicResourceSlotChart: async (_, { resourcesId, date, tenantKey }, { ctx }) =>
        publicBooking.resourceSlotChart(ctx, resourcesId, date, tenantKey),
    },
  },
};
