import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import { claimAppointmentIds } from '../booking/booking.claims.ts';
import { visitIdsOf } from './visitors.admin-visits.repository.ts';
import * as adminVisits from './visitors.admin-visits.service.ts';

// The spec's batchDeleteAppointmentInformation(ids) deletes visits too: the booking module hands
// ids that are all visits to the visits' delete (booking.claims.ts; booking never imports visitors).
claimAppointmentIds({ owned: visitIdsOf, batchDelete: adminVisits.batchDeleteVisits });

/** The visitor back office's visits: deleting visits, invitation bearers, statistics. */
export const visitorAdminVisitsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'visitors.admin-visits.graphql'),
  resolvers: {
    Query: {
      findVisitorInvitationBearerList: async (_, args, { ctx }) => adminVisits.bearerList(ctx, args),
      findVisitorAppointmentDataStatistics: async (_, args, { ctx }) => adminVisits.visitStatistics(ctx, args),
    },
    Mutation: {
      batchDeleteVisitorAppointmentInformation: async (_, { ids }, { ctx }) =>
        ok(await adminVisits.batchDeleteVisits(ctx, ids)),
      saveVisitorInvitationBearers: async (_, { models }, { ctx }) => ok(await adminVisits.saveBearers(ctx, models)),
      updateVisitorInvitationBearerState: async (_, { ids, is_enable }, { ctx }) =>
        ok(await adminVisits.setBearerState(ctx, ids, is_enable)),
      deleteVisitorInvitationBearers: async (_, { ids }, { ctx }) => ok(await adminVisits.removeBearers(ctx, ids)),
    },
  },
};
