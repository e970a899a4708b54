import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as applications from './visitors.applications.service.ts';
import * as visits from './visitors.appointments.service.ts';
import * as decisions from './visitors.decisions.service.ts';

/** Visits: applications, invitations, booking guests, approval, cancellation and daily quotas. */
export const visitorsAppointmentsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'visitors.appointments.graphql'),
  resolvers: {
    Query: {
      findVisitorAppointmentInformationAll: async (_, args, { ctx }) => {
        const { nodes, total, offset } = await visits.listVisits(ctx, args);
        return connection(nodes, total, offset);
      },
      findVisitorAppointmentDetail: async (_, { id, whole }, { ctx }) => visits.visitDetail(ctx, id, whole),
      findVisitorAvailableNumber: async (_, { models }, { ctx }) => visits.availableNumbers(ctx, models ?? []),
    },
    Mutation: {
      saveVisitorAppointment: async (_, { model }, { ctx }) => ok(await applications.saveVisits(ctx, [model], false)),
      batchSaveVisitorAppointment: async (_, { models }, { ctx }) =>
        ok(await applications.saveVisits(ctx, models, true)),
      updateVisitorAppointment: async (_, { model }, { ctx }) => {
        const { id } = await applications.updateVisitInfo(ctx, model);
        return ok({ ids: [id] });
      },
      auditVisitorAppointment: async (_, args, { ctx }) => {
        const { id, state } = await decisions.decideVisit(ctx, args);
        return state === 3
          ? { ...ok({ ids: [id] }), msg: '已驳回', msg_en: 'Rejected' }
          : { ...ok({ ids: [id] }), msg: '审批通过', msg_en: 'Approved' };
      },
      cancelVisitorAppointment: async (_, args, { ctx }) => {
        const { id } = await decisions.cancelVisit(ctx, args);
        return { ...ok({ ids: [id] }), msg: '已取消', msg_en: 'Cancelled' };
      },
    },
  },
};
