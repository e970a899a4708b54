import { readSdl } from '../../platform/graphql/endpoint.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as series from './booking.series.service.ts';

/** Periodic and batch booking: the preview and the series cancel (saving goes through saveAppointmentInformationAll). */
export const bookingSeriesGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'booking.series.graphql'),
  resolvers: {
    Query: {
      previewAppointmentSeries: async (_, args, { ctx }) => series.previewSeries(ctx, args),
    },
    Mutation: {
      cancelAppointmentSeries: async (_, args, { ctx }) => {
        const r = await series.cancelSeries(ctx, args);
        return {
          errcode: '0',
          msg: `已取消${r.ids.length}个预约${r.skipped ? `，${r.skipped}个已取消、已开始或已过取消时限未处理` : ''}`,
          msg_en: `Cancelled ${r.ids.length} booking(s)${r.skipped ? `; ${r.skipped} already cancelled, started or past the cancel deadline were left` : ''}`,
          ids: r.ids,
        };
      },
    },
  },
};
