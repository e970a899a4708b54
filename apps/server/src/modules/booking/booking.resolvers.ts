import { RESULT_OK } from '@yuyue/shared';
import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, messagesResult, ok, okMessages } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import { observeBooking } from '../../platform/metrics.ts';
import { provideBookerLock } from '../blacklist/blacklist.locks.ts';
import { provideDirectoryResources } from '../directory/directory.resources.ts';
import { existingResourceTypeIds } from '../resource-types/resource-types.repository.ts';
import { managesAnyResource } from '../resources/resource-admins.ts';
import { provideResourceBookings } from '../resources/resources.bookings.ts';
import { existingResourceIds } from '../resources/resources.repository.ts';
import { AUDIT_IN_BALLOT } from './booking.lifecycle.rules.ts';
import { bookersManagedBy } from './booking.people.repository.ts';
import { activeBookingsOverlapping, lockBooker, overlapCount, successfulBookingCounts } from './booking.repository.ts';
import { slotInstants } from './booking.rules.ts';
import * as availability from './booking.availability.service.ts';
import * as own from './booking.own.service.ts';
import * as submit from './booking.submit.service.ts';
import * as series from './booking.series.service.ts';

// A ban takes the booker's lock as a submit does (blacklist.locks.ts; blacklist never imports booking).
provideBookerLock(lockBooker);

// Resources show their bookings without importing this module (resources.bookings.ts).
provideResourceBookings({ successfulBookingCounts, activeBookingsOverlapping, overlapCount, slotInstants });

// The directory reaches resources, and a resource administrator's bookers, through its port
// (directory.resources.ts), never importing them.
provideDirectoryResources({
  existingResourceIds,
  existingResourceTypeIds,
  bookersManagedBy,
  managesAnyResource: (tx, tenantId, user) => managesAnyResource(tx, tenantId, user, 'any'),
});

/** A submit whose bookings await approval (audit status 1) is counted as pending, not booked. */
const pending = (r: { auditStatus: string }) => r.auditStatus === '1';

export const bookingGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'booking.graphql'),
  resolvers: {
    Query: {
      checkResourceTimeSlotCapacity: async (_, args, { ctx }) => {
        await submit.checkCapacity(ctx, args); // a refusal is thrown, with its texts
        return okMessages('checkResourceTimeSlotCapacity');
      },
      findAppointmentInformationAllForAccount: async (_, args, { ctx }) => {
        const { nodes, total, offset } = await own.listOwnAppointments(ctx, args);
        return connection(nodes, total, offset);
      },
      findAppointmentInformationAllForSelf: async (_, args, { ctx }) => {
        const { nodes, total, offset } = await own.listOwnAppointments(ctx, args);
        return connection(nodes, total, offset);
      },
      checkAppointmentCancelTime: async (_, { id }, { ctx }) => {
        await own.checkCancelTime(ctx, id);
        return ok();
      },
      findResourceSlotAvailability: async (_, { resourcesId, date }, { ctx }) =>
        availability.availability(ctx, resourcesId, date),
      findAppointmentAllowance: async (_, { resourcesId, date }, { ctx }) =>
        availability.allowance(ctx, resourcesId, date),
      findResourceTypeSlotAvailability: async (_, { resourcesTypeId, date, filter }, { ctx }) =>
        availability.typeAvailability(ctx, resourcesTypeId, date, filter),
      findAppointmentBookAgain: async (_, { id }, { ctx }) => ({
        ...okMessages('findAppointmentBookAgain'),
        ...(await own.bookAgain(ctx, id)),
      }),
    },
    Mutation: {
      saveAppointmentInformationAll: async (_, args, { ctx }) => {
        const r =
          ctx.tenant && series.seriesModeOf(args, ctx.tenant.timeZone)
            ? await observeBooking('series', () => series.saveSeries(ctx, args), pending)
            : {
                ...(await observeBooking('single', () => submit.saveAppointments(ctx, args), pending)),
                seriesId: '',
                report: null,
              };
        // Success says nothing, as the original; an entry in a ballot (auditStatus '4', which the
        // original never answered) says so and when it is drawn, for clients that show messages.
        const ballot = r.auditStatus === AUDIT_IN_BALLOT && 'texts' in r ? r.texts : null;
        return {
          ...(ballot
            ? messagesResult(RESULT_OK, 'saveAppointmentInformationAll', ballot)
            : okMessages('saveAppointmentInformationAll')),
          ids: r.ids,
          appointmentId: r.ids[0] ?? '',
          processURL: '',
          auditStatus: r.auditStatus,
          seriesId: r.seriesId,
          seriesReport: r.report,
        };
      },
      saveAppointmentInformation: async (_, { model, captchaId, captchaCode }, { ctx }) => {
        const r = await observeBooking(
          'single',
          () => submit.saveAppointments(ctx, { model, captchaId, captchaCode }),
          pending,
        );
        return { ...ok({ ids: r.ids, appointmentId: r.ids[0] ?? '' }), msg: r.texts.zh, msg_en: r.texts.en };
      },
      updateAppointmentInformationState: async (_, args, { ctx }) => {
        await own.changeState(ctx, args);
        return ok();
      },
    },
  },
};
