import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import { provideBookingNotifier } from '../booking/booking.notify.ts';
import { provideMeetingMails } from '../meetings/meetings.mail.ts';
import { notifyBookings, queuePlainMails } from './notifications.outbox.ts';
import { notificationSettingsFrom } from './notifications.repository.ts';
import * as notifications from './notifications.service.ts';

// Booking reports its changes through its port (booking.notify.ts), never importing this module.
provideBookingNotifier({ notifyBookings, notificationSettingsFrom });
// Meeting invitations go out through this outbox (meetings.mail.ts), meetings never importing it.
provideMeetingMails(queuePlainMails);

export const notificationsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'notifications.graphql'),
  resolvers: {
    Query: {
      findNotificationAllForAccount: async (_, args, { ctx }) => {
        const { rows, total, unread, offset } = await notifications.listMyNotifications(ctx, args);
        return { ...connection(rows, total, offset), unreadCount: unread };
      },
      findNotificationUnreadCount: async (_, __, { ctx }) => notifications.myUnreadCount(ctx),
      findNotificationMailAll: async (_, args, { ctx }) => {
        const { rows, total, offset } = await notifications.listMails(ctx, args);
        return connection(rows, total, offset);
      },
    },
    Mutation: {
      updateNotificationState: async (_, { id, state }, { ctx }) =>
        ok({ ids: [await notifications.setNotificationState(ctx, id, state)] }),
      readNotificationAll: async (_, __, { ctx }) => ok({ ids: await notifications.readAllMine(ctx) }),
      resendNotificationMail: async (_, { ids }, { ctx }) => ok({ ids: await notifications.resendMails(ctx, ids) }),
    },
  },
};
