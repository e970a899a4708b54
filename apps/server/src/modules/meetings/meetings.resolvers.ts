import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as meetings from './meetings.service.ts';
import * as settings from './meetings.settings.service.ts';

/** One read per booking and request, however many of its fields are asked for. */
const perRequest = new WeakMap<RequestContext, Map<string, Promise<meetings.WireMeeting | null>>>();
function meetingOf(ctx: RequestContext, appointmentId: string | null | undefined) {
  if (!appointmentId || !ctx.user) return Promise.resolve(null);
  let cache = perRequest.get(ctx);
  if (!cache) perRequest.set(ctx, (cache = new Map()));
  let found = cache.get(appointmentId);
  if (!found) {
    // Someone else's booking (an administrator's list of others' bookings is checked by the
    // service): no meeting rather than an error in the middle of a list.
    found = meetings.ofAppointment(ctx, appointmentId).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'FORBIDDEN') return null;
      throw err;
    });
    cache.set(appointmentId, found);
  }
  return found;
}

/** Cloud meetings (/manage/cloudMeeting) and a booking's meeting. */
export const meetingsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'meetings.graphql'),
  resolvers: {
    AppointmentInformation: {
      conference_number: async (parent, _, { ctx }) =>
        (await meetingOf(ctx, (parent as { id?: string | null }).id))?.code ?? '',
      onlineMeeting: async (parent, _, { ctx }) => meetingOf(ctx, (parent as { id?: string | null }).id),
    },
    Query: {
      findCloudMeetingAll: async (_, args, { ctx }) => {
        const { rows, total, offset } = await meetings.listAll(ctx, args);
        return connection(rows, total, offset);
      },
      findCloudMeetingByAppointment: async (_, { appointmentId }, { ctx }) =>
        meetings.ofAppointment(ctx, appointmentId),
      findCloudMeetingSettings: async (_, __, { ctx }) => settings.getSettings(ctx),
      findCloudMeetingIpWhiteListAll: async (_, __, { ctx }) => settings.whitelist(ctx),
    },
    Mutation: {
      retryCloudMeeting: async (_, { id }, { ctx }) => ok({ ids: [await meetings.retry(ctx, id)] }),
      cancelCloudMeeting: async (_, { id }, { ctx }) => ok({ ids: [await meetings.cancel(ctx, id)] }),
      saveCloudMeetingSettings: async (_, { model }, { ctx }) => ok({ ids: [await settings.saveSettings(ctx, model)] }),
      testCloudMeetingConnection: async (_, __, { ctx }) => {
        const outcome = await settings.testConnection(ctx);
        return { ...ok(), msg: `连接成功：${outcome}`, msg_en: `Connected: ${outcome}` };
      },
      saveCloudMeetingIpWhiteList: async (_, { model }, { ctx }) =>
        ok({ ids: [await settings.addAddress(ctx, model)] }),
      deleteCloudMeetingIpWhiteList: async (_, { id }, { ctx }) => ok({ ids: [await settings.removeAddress(ctx, id)] }),
    },
  },
};
