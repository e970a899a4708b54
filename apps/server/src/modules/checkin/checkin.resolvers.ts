import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import { providePrintedCheckInUrl } from '../resources/resources.checkin.ts';
import * as checkin from './checkin.service.ts';
import { printedCheckInUrl } from './checkin.signing.ts';

// A resource's printed QR code carries a code signed here (resources.checkin.ts).
providePrintedCheckInUrl(printedCheckInUrl);

const done = (id: string, msg: string, msg_en: string) => ({ ...ok({ ids: [id], appointmentId: id }), msg, msg_en });

/** Check-in and check-out (QR codes, staff scans and marking) and the sign list of /manage/sign. */
export const checkinGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'checkin.graphql'),
  resolvers: {
    Query: {
      findAppointmentSignCode: async (_, { appointmentId }, { ctx }) => checkin.voucherCode(ctx, appointmentId),
      findResourcesSignCode: async (_, { resourcesId, validDays }, { ctx }) =>
        checkin.resourceCode(ctx, resourcesId, validDays),
      findAppointmentSignInfo: async (_, { appointmentId }, { ctx }) => checkin.signInfo(ctx, appointmentId),
      findAppointmentSignAll: async (_, args, { ctx }) => {
        const { nodes, total, offset } = await checkin.listSigns(ctx, args);
        return connection(nodes, total, offset);
      },
    },
    Mutation: {
      saveAppointmentSignIn: async (_, { code }, { ctx }) =>
        done((await checkin.signInByResourceCode(ctx, code)).id, '签到成功', 'Checked in'),
      saveAppointmentSignOut: async (_, { code }, { ctx }) =>
        done((await checkin.signOutByResourceCode(ctx, code)).id, '签退成功', 'Checked out'),
      scanAppointmentSignCode: async (_, { code, type }, { ctx }) => {
        const row = await checkin.scanVoucher(ctx, code, type);
        return type === '2' ? done(row.id, '签退成功', 'Checked out') : done(row.id, '签到成功', 'Checked in');
      },
      updateAppointmentPerformState: async (_, args, { ctx }) => {
        const row = await checkin.markPerform(ctx, args);
        return row.appointment_state === '2'
          ? done(row.id, '已标记为违约', 'Marked as a no-show')
          : done(row.id, '已标记为已履约', 'Marked as performed');
      },
      // (section: register)
      updateAppointmentSignOut: async (_, { id }, { ctx }) =>
        done((await checkin.staffSignOut(ctx, id)).id, '签退成功', 'Checked out'),
      // (end section: register)
    },
  },
};
