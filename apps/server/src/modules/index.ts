import type { GraphqlContribution } from '../platform/graphql/types.ts';
import { checkinGraphql } from './checkin/checkin.resolvers.ts';
import { blacklistGraphql } from './blacklist/blacklist.resolvers.ts';
import { tenantsGraphql } from './tenants/tenants.resolvers.ts';
import { settingsGraphql, settingsPublicGraphql } from './settings/settings.resolvers.ts';
import { logsGraphql } from './logs/logs.resolvers.ts';
import { codeTablesGraphql } from './code-tables/code-tables.resolvers.ts';
import { instructionsGraphql } from './instructions/instructions.resolvers.ts';
import { reviewAddressesGraphql } from './review-addresses/review-addresses.resolvers.ts';
import { collectionConfigGraphql } from './collection-config/collection-config.resolvers.ts';
import { noticesGraphql } from './notices/notices.resolvers.ts';
import { resourceTypesGraphql } from './resource-types/resource-types.resolvers.ts';
import { resourcesGraphql } from './resources/resources.resolvers.ts';
import { rulesGraphql } from './rules/rules.resolvers.ts';
import { occupancyGraphql } from './occupancy/occupancy.resolvers.ts';
import { bookingGraphql } from './booking/booking.resolvers.ts';
import { bookingSeriesGraphql } from './booking/booking.series.resolvers.ts';
import { bookingLifecycleGraphql } from './booking/booking.lifecycle.resolvers.ts';
import { avatarAppsGraphql, avatarIamGraphql, directoryGraphql } from './directory/directory.resolvers.ts';
import { notificationsGraphql } from './notifications/notifications.resolvers.ts';
import { evaluationsGraphql, resourcesLikeGraphql } from './evaluations/evaluations.resolvers.ts';
import { bookingStatisticsGraphql } from './booking/booking.statistics.resolvers.ts';
// (section: public-booking)
import { publicBookingGraphql } from './public-booking/public-booking.resolvers.ts';
// (section: visitors-registration)
import { visitorSettingsGraphql } from './visitors/visitors.settings.resolvers.ts';
import { visitorRegistrationGraphql } from './visitors/visitors.registration.resolvers.ts';
import { visitorProfileGraphql } from './visitors/visitors.profile.resolvers.ts';
// (section: visitors-appointments)
import { visitorsAppointmentsGraphql } from './visitors/visitors.appointments.resolvers.ts';
// (section: visitors-passes)
// (section: visitors-admin-settings)
import { visitorAdminSettingsGraphql } from './visitors/visitors.admin-settings.resolvers.ts';
// (section: visitors-admin-records)
import { visitorAdminRecordsGraphql } from './visitors/visitors.admin-records.resolvers.ts';
// (section: visitors-admin-visits)
import { visitorAdminVisitsGraphql } from './visitors/visitors.admin-visits.resolvers.ts';
// (section: visitors-admin-people)
import { visitorAdminPeopleGraphql } from './visitors/visitors.admin-people.resolvers.ts';
import { visitorPassesGraphql } from './visitors/visitors.passes.resolvers.ts';
// (section: directory-grants)
import { directoryGrantsGraphql } from './directory/directory.grants.resolvers.ts';
// (section: directory-data)
import { directoryGroupsGraphql } from './directory/directory.groups.resolvers.ts';
import { directoryDataGraphql } from './directory/directory.data.resolvers.ts';
// (section: manage-home)
import { manageHomeGraphql } from './manage-home/manage-home.resolvers.ts';
// (section: meetings)
import { meetingsGraphql } from './meetings/meetings.resolvers.ts';
import { followBookings } from './meetings/meetings.follow.ts';
import { onBookingChange } from './booking/booking.events.ts';

// Meetings follow bookings through the booking module's change port (booking never imports meetings).
onBookingChange(followBookings);
// (section: ballot)
import { ballotGraphql } from './ballot/ballot.resolvers.ts';
// (section: calendar)
import { calendarGraphql } from './calendar/calendar.resolvers.ts';

/** Every module's GraphQL contributions, in one list the endpoints are built from. */
export const graphqlContributions: GraphqlContribution[] = [
  tenantsGraphql,
  settingsGraphql,
  settingsPublicGraphql,
  logsGraphql,
  codeTablesGraphql,
  instructionsGraphql,
  reviewAddressesGraphql,
  collectionConfigGraphql,
  noticesGraphql,
  resourceTypesGraphql,
  resourcesGraphql,
  rulesGraphql,
  occupancyGraphql,
  bookingGraphql,
  bookingSeriesGraphql,
  bookingLifecycleGraphql,
  directoryGraphql,
  avatarIamGraphql,
  avatarAppsGraphql,
  // check-in (section: check-in)
  checkinGraphql,
  // blacklist (section: blacklist)
  blacklistGraphql,
  // evaluations (section: evaluations)
  evaluationsGraphql,
  resourcesLikeGraphql,
  // notifications (section: notifications)
  notificationsGraphql,
  // back-office statistics (section: manage-stats)
  bookingStatisticsGraphql,
  // open booking pages (section: public-booking)
  publicBookingGraphql,
  // visitors (section: visitors-registration)
  visitorSettingsGraphql,
  visitorRegistrationGraphql,
  visitorProfileGraphql,
  // visitors (section: visitors-appointments)
  visitorsAppointmentsGraphql,
  // visitors (section: visitors-passes)
  visitorPassesGraphql,
  // visitor back office (section: visitors-admin-settings)
  visitorAdminSettingsGraphql,
  // visitor back office (section: visitors-admin-records)
  visitorAdminRecordsGraphql,
  // visitor back office (section: visitors-admin-visits)
  visitorAdminVisitsGraphql,
  // visitor back office (section: visitors-admin-people)
  visitorAdminPeopleGraphql,
  // directory administration (section: directory-grants)
  directoryGrantsGraphql,
  // directory administration (section: directory-data)
  directoryGroupsGraphql,
  directoryDataGraphql,
  // back-office home (section: manage-home)
  manageHomeGraphql,
  // cloud meetings (section: meetings)
  meetingsGraphql,
  // fair release of contested slots (section: ballot)
  ballotGraphql,
  // calendars (section: calendar)
  calendarGraphql,
];
