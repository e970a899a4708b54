import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as approval from './booking.approval.service.ts';
import * as lifecycle from './booking.lifecycle.service.ts';

/** Approval, lifecycle actions (change time, terminate, delete) and the administrators' booking queries. */
export const bookingLifecycleGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'booking.lifecycle.graphql'),
  resolvers: {
    Query: {
      findAppointmentInformationAllForAppointMent: async (_, args, { ctx }) => {
        const { nodes, total, offset } = await lifecycle.listAllAppointments(ctx, args);
        return connection(nodes, total, offset);
      },
      findAppointmentVacancyRateTable: async (_, args, { ctx }) => lifecycle.vacancyTable(ctx, args),
      findAppointmentApprovalTasks: async (_, { appointmentId }, { ctx }) => approval.approvalTasks(ctx, appointmentId),
    },
    Mutation: {
      approveAppointment: async (_, args, { ctx }) => {
        const r = await approval.decide(ctx, args, 'approve');
        return { ...ok({ ids: [r.id], appointmentId: r.id }), msg: '审批通过', msg_en: 'Approved' };
      },
      rejectAppointment: async (_, args, { ctx }) => {
        const r = await approval.decide(ctx, args, 'reject');
        return { ...ok({ ids: [r.id], appointmentId: r.id }), msg: '已驳回', msg_en: 'Rejected' };
      },
      updateAppointmentTime: async (_, args, { ctx }) => {
        const r = await lifecycle.changeTime(ctx, args);
        return { ...ok({ ids: [r.id], appointmentId: r.id }), msg: '改期成功', msg_en: 'Time changed' };
      },
      terminateAppointment: async (_, args, { ctx }) => {
        const r = await lifecycle.terminate(ctx, args);
        return { ...ok({ ids: [r.id], appointmentId: r.id }), msg: '申请已终止', msg_en: 'Application terminated' };
      },
      deleteAppointmentInformation: async (_, { id }, { ctx }) => ok(await lifecycle.deleteRecord(ctx, id)),
      batchDeleteAppointmentInformation: async (_, { ids }, { ctx }) => ok(await lifecycle.batchDelete(ctx, ids)),
    },
  },
};
