import type { RouteDef } from '../../app/route-def.ts';
import { withBookingTexts } from '../../features/booking/i18n.ts';
import { withCheckinTexts } from '../../features/checkin/i18n.ts';
import { withPublicBookingTexts } from '../../features/public-booking/i18n.ts';

/** The desktop area (`/pc`), spec 2.2. */
export const PC_ROOT = '/pc';

export const pcRoutes: RouteDef[] = [
  { path: 'home', title: 'route.pc.home', page: () => import('./pages/home/PcHome.tsx') },
  {
    path: 'home/resources/:id',
    title: 'route.pc.quickBooking',
    hidden: true,
    page: () => withBookingTexts(import('./pages/booking/QuickBooking.tsx')),
  },
  {
    path: 'venueDetail',
    title: 'route.pc.venueDetail',
    hidden: true,
    page: () => withBookingTexts(import('./pages/venue/VenueDetail.tsx')),
  },
  {
    path: 'appointment',
    title: 'route.pc.appointment',
    hidden: true,
    page: () => withBookingTexts(import('./pages/appointment/BookingCentre.tsx')),
  },
  { path: 'helpcenter', title: 'route.pc.helpcenter', page: () => import('./pages/HelpCenter.tsx') },
  {
    path: 'myAppointment',
    title: 'route.pc.myAppointment',
    page: () => withBookingTexts(import('./pages/appointments/MyAppointments.tsx')),
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
    page: () => withBookingTexts(import('./pages/resources/ResourceQuery.tsx')),
  },
  {
    path: 'resources/:id/appointment',
    title: 'route.pc.resourceAppointment',
    hidden: true,
    page: () => withBookingTexts(import('./pages/booking/StartBooking.tsx')),
  },
  { path: 'signer', title: 'route.pc.signer', page: () => withCheckinTexts(import('./pages/signer/Signer.tsx')) },
  {
    path: 'appointmentScanner/:id',
    title: 'route.pc.appointmentScanner',
    hidden: true,
    page: () => withCheckinTexts(import('./pages/signer/AppointmentScanner.tsx')),
  },
  // open booking chart (section: public-booking)
  {
    path: 'appointmentGragh/:id',
    title: 'route.pc.appointmentGragh',
    auth: false,
    hidden: true,
    page: () => withPublicBookingTexts(import('./pages/public-booking/PcBookingChart.tsx')),
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
