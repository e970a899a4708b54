import type { RouteDef } from '../../app/route-def.ts';
import { loadBookingTexts } from '../../features/booking/texts.ts';
import { loadCheckinTexts } from '../../features/checkin/texts.ts';
import { ensurePublicBookingTranslations } from '../../features/public-booking/i18n.ts';
import { ensureTranslations, withTexts } from '../../lib/i18n.ts';

/** The desktop area (`/pc`), spec 2.2. */
export const PC_ROOT = '/pc';

export const pcRoutes: RouteDef[] = [
  { path: 'home', title: 'route.pc.home', page: () => import('./pages/home/PcHome.tsx') },
  {
    path: 'home/resources/:id',
    title: 'route.pc.quickBooking',
    hidden: true,
    page: () =>
      withTexts(import('./pages/booking/QuickBooking.tsx'), loadBookingTexts(['choose', 'form', 'series', 'ballot'])),
  },
  {
    path: 'venueDetail',
    title: 'route.pc.venueDetail',
    hidden: true,
    page: () =>
      withTexts(import('./pages/venue/VenueDetail.tsx'), loadBookingTexts(['choose', 'form', 'series', 'ballot'])),
  },
  {
    path: 'appointment',
    title: 'route.pc.appointment',
    hidden: true,
    page: () =>
      withTexts(
        import('./pages/appointment/BookingCentre.tsx'),
        loadBookingTexts(['choose', 'form', 'series', 'ballot']),
      ),
  },
  { path: 'helpcenter', title: 'route.pc.helpcenter', page: () => import('./pages/HelpCenter.tsx') },
  {
    path: 'myAppointment',
    title: 'route.pc.myAppointment',
    page: () =>
      withTexts(
        import('./pages/appointments/MyAppointments.tsx'),
        loadBookingTexts(['choose', 'form', 'series', 'ballot']),
      ),
  },
  { path: 'announcements', title: 'route.pc.announcements', page: () => import('./pages/notices/Announcements.tsx') },
  {
    path: 'announcementDetail/:id',
    title: 'route.pc.announcementDetail',
    hidden: true,
    page: () => import('./pages/notices/AnnouncementDetail.tsx'),
  },
  {
    path: 'resources/:id/list',
    title: 'route.pc.resourceList',
    hidden: true,
    page: () =>
      withTexts(
        import('./pages/resources/ResourceQuery.tsx'),
        loadBookingTexts(['choose', 'form', 'series', 'ballot']),
      ),
  },
  {
    path: 'resources/:id/appointment',
    title: 'route.pc.resourceAppointment',
    hidden: true,
    page: () =>
      withTexts(import('./pages/booking/StartBooking.tsx'), loadBookingTexts(['choose', 'form', 'series', 'ballot'])),
  },
  {
    path: 'signer',
    title: 'route.pc.signer',
    page: () =>
      withTexts(import('./pages/signer/Signer.tsx'), loadCheckinTexts(['common', 'desk', 'scan', 'signed', 'mark'])),
  },
  {
    path: 'appointmentScanner/:id',
    title: 'route.pc.appointmentScanner',
    hidden: true,
    page: () =>
      withTexts(
        import('./pages/signer/AppointmentScanner.tsx'),
        loadCheckinTexts(['common', 'desk', 'scan', 'signed', 'mark', 'resource']),
      ),
  },
  // open booking chart (section: public-booking)
  {
    path: 'appointmentGragh/:id',
    title: 'route.pc.appointmentGragh',
    auth: false,
    hidden: true,
    page: () =>
      // an open page, outside the portal's layout: its title is in the desktop part
      withTexts(
        import('./pages/public-booking/PcBookingChart.tsx'),
        ensurePublicBookingTranslations(),
        ensureTranslations('desktop'),
      ),
  },
];

export const pcPaths = {
  home: `${PC_ROOT}/home`,
  appointment: `${PC_ROOT}/appointment`,
  venueDetail: (resourceId: string) => `${PC_ROOT}/venueDetail?id=${encodeURIComponent(resourceId)}`,
  myAppointment: `${PC_ROOT}/myAppointment`,
  helpcenter: `${PC_ROOT}/helpcenter`,
  announcements: `${PC_ROOT}/announcements`,
  announcementDetail: (id: string) => `${PC_ROOT}/announcementDetail/${id}`,
  resourceList: (typeId: string) => `${PC_ROOT}/resources/${typeId}/list`,
  resourceAppointment: (resourceId: string) => `${PC_ROOT}/resources/${resourceId}/appointment`,
  quickBooking: (resourceId: string) => `${PC_ROOT}/home/resources/${resourceId}`,
} as const;
