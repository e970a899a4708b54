import type { RouteDef } from '../../app/route-def.ts';
import { loadBookingTexts } from '../../features/booking/texts.ts';
import { loadCheckinTexts } from '../../features/checkin/texts.ts';
import { withEvaluationTexts } from '../../features/evaluations/texts.ts';
import { ensurePublicBookingTranslations } from '../../features/public-booking/i18n.ts';
import { ensureVisitorsTranslations } from '../../features/visitors/i18n.ts';
import { withTexts } from '../../lib/i18n.ts';

/** The mobile area (`/mobile`), spec 2.1. */
export const MOBILE_ROOT = '/mobile';

export const mobileRoutes: RouteDef[] = [
  { path: 'home', title: 'route.mobile.home', page: () => import('./pages/home/MobileHome.tsx') },
  {
    path: 'menuManage',
    title: 'route.mobile.menuManage',
    page: () => withTexts(import('./pages/booking/menu/MenuManage.tsx'), loadBookingTexts(['person'])),
  },
  {
    path: 'myAppointment',
    title: 'route.mobile.myAppointment',
    page: () =>
      withTexts(
        import('./pages/booking/appointments/MyAppointment.tsx'),
        loadBookingTexts(['common', 'appointments', 'ballot']),
      ),
  },
  {
    path: 'personcenter',
    title: 'route.mobile.personcenter',
    page: () => withTexts(import('./pages/booking/person/PersonCenter.tsx'), loadBookingTexts(['person'])),
  },
  {
    path: 'search',
    title: 'route.mobile.search',
    page: () => withTexts(import('./pages/booking/search/ResourceSearch.tsx'), loadBookingTexts(['common', 'search'])),
  },
  {
    path: 'announcements',
    title: 'route.mobile.announcements',
    page: () => import('./pages/notices/Announcements.tsx'),
  },
  {
    path: 'ordered/resources',
    title: 'route.mobile.orderedResources',
    page: () => withTexts(import('./pages/checkin/OrderedResources.tsx'), loadCheckinTexts(['overview'])),
  },
  {
    path: 'ordered/resources/:id',
    title: 'route.mobile.orderedResourcesTable',
    hidden: true,
    page: () =>
      withTexts(import('./pages/checkin/OrderedResource.tsx'), loadCheckinTexts(['common', 'resource', 'mark'])),
  },
  {
    path: 'ordered/scan/:id',
    title: 'route.mobile.orderedScan',
    hidden: true,
    page: () => withTexts(import('./pages/checkin/OrderedScan.tsx'), loadCheckinTexts(['common', 'scan', 'mark'])),
  },
  {
    path: 'ordered/register/:id',
    title: 'route.mobile.orderedRegister',
    hidden: true,
    page: () =>
      withTexts(
        import('./pages/checkin/OrderedRegister.tsx'),
        loadCheckinTexts(['common', 'overview', 'resource', 'mark', 'scan']),
      ),
  },
  {
    path: 'appointmentDetail/:type/:id',
    title: 'route.mobile.appointmentDetail',
    hidden: true,
    page: () =>
      withTexts(
        import('./pages/booking/appointments/AppointmentDetail.tsx'),
        loadBookingTexts(['common', 'detail', 'ballot']),
      ),
  },
  {
    path: 'venueDetail/:id',
    title: 'route.mobile.venueDetail',
    hidden: true,
    page: () => withTexts(import('./pages/booking/venue/VenueDetail.tsx'), loadBookingTexts(['common', 'venue'])),
  },
  {
    path: 'resource/:id/comments',
    title: 'route.mobile.comments',
    hidden: true,
    page: () => withEvaluationTexts(import('./pages/evaluations/ResourceComments.tsx')),
  },
  {
    path: 'evaluate/:appointmentId',
    title: 'evaluations.evaluateTitle',
    hidden: true,
    page: () => withEvaluationTexts(import('./pages/evaluations/EvaluateAppointment.tsx')),
  },
  {
    path: 'chooseDate/:id',
    title: 'route.mobile.chooseDate',
    hidden: true,
    page: () =>
      withTexts(
        import('./pages/booking/choose/ChooseDate.tsx'),
        loadBookingTexts(['common', 'choose', 'form', 'series', 'ballot']),
      ),
  },
  {
    path: 'chooseAnotherTime/:id/:appId',
    title: 'route.mobile.chooseAnotherTime',
    hidden: true,
    page: () =>
      withTexts(
        import('./pages/booking/choose/ChooseAnotherTime.tsx'),
        loadBookingTexts(['common', 'choose', 'ballot']),
      ),
  },
  {
    path: 'applicationForm/:id',
    title: 'route.mobile.applicationForm',
    hidden: true,
    page: () =>
      withTexts(
        import('./pages/booking/apply/ApplicationForm.tsx'),
        loadBookingTexts(['common', 'form', 'series', 'ballot']),
      ),
  },
  {
    path: 'announcementDetail/:id',
    title: 'route.mobile.announcementDetail',
    hidden: true,
    page: () => import('./pages/notices/AnnouncementDetail.tsx'),
  },
  {
    path: 'myQrcode',
    title: 'route.mobile.myQrcode',
    page: () => withTexts(import('./pages/checkin/MyQrcode.tsx'), loadCheckinTexts(['common', 'voucher'])),
  },
  {
    path: 'signed',
    title: 'route.mobile.signed',
    hidden: true,
    page: () => withTexts(import('./pages/checkin/Signed.tsx'), loadCheckinTexts(['common', 'signed'])),
  },
  {
    path: 'qrcode-scanner',
    title: 'route.mobile.qrcodeScanner',
    page: () => withTexts(import('./pages/checkin/QrcodeScanner.tsx'), loadCheckinTexts(['common', 'scan'])),
  },
  // open booking pages (section: public-booking)
  {
    path: 'appointmentGragh/:id',
    title: 'route.mobile.appointmentGragh',
    auth: false,
    hidden: true,
    page: () => withTexts(import('./pages/public-booking/MobileBookingChart.tsx'), ensurePublicBookingTranslations()),
  },
  {
    path: 'checkAppointment/:id',
    title: 'route.mobile.checkAppointment',
    auth: false,
    hidden: true,
    page: () =>
      withTexts(
        import('./pages/checkin/CheckAppointment.tsx'),
        ensurePublicBookingTranslations(),
        loadCheckinTexts(['common', 'mark']),
      ),
  },
  // visitor pages (section: visitors)
  {
    path: 'visitor/home',
    title: 'route.mobile.visitorHome',
    page: () => withTexts(import('./pages/visitors/VisitorHome.tsx'), ensureVisitorsTranslations()),
  },
  {
    path: 'visitor/mine',
    title: 'route.mobile.visitorMine',
    page: () => withTexts(import('./pages/visitors/VisitorMine.tsx'), ensureVisitorsTranslations()),
  },
  {
    path: 'visitor/history',
    title: 'route.mobile.visitorHistory',
    page: () => withTexts(import('./pages/visitors/VisitorHistory.tsx'), ensureVisitorsTranslations()),
  },
  {
    path: 'visitor/detail/:id',
    title: 'route.mobile.visitorDetail',
    hidden: true,
    page: () => withTexts(import('./pages/visitors/VisitorDetail.tsx'), ensureVisitorsTranslations()),
  },
  {
    path: 'visitor/qrcode/:id',
    title: 'route.mobile.visitorQrcode',
    hidden: true,
    page: () => withTexts(import('./pages/visitors/VisitorQrcode.tsx'), ensureVisitorsTranslations()),
  },
  {
    path: 'visitor/register',
    title: 'route.mobile.visitorRegister',
    auth: false,
    page: () => withTexts(import('./pages/visitors/VisitorRegister.tsx'), ensureVisitorsTranslations()),
  },
  {
    path: 'visitor/addinfo',
    title: 'route.mobile.visitorAddinfo',
    page: () => withTexts(import('./pages/visitors/VisitorAddinfo.tsx'), ensureVisitorsTranslations()),
  },
];

export const mobilePaths = {
  home: `${MOBILE_ROOT}/home`,
  myAppointment: `${MOBILE_ROOT}/myAppointment`,
  personcenter: `${MOBILE_ROOT}/personcenter`,
  search: `${MOBILE_ROOT}/search`,
  /** Resource search narrowed to one resource type (the home page's categories). */
  searchType: (typeId: string) => `${MOBILE_ROOT}/search?typeId=${encodeURIComponent(typeId)}`,
  announcements: `${MOBILE_ROOT}/announcements`,
  announcementDetail: (id: string) => `${MOBILE_ROOT}/announcementDetail/${id}`,
  menuManage: `${MOBILE_ROOT}/menuManage`,
  /** My appointments on one tab (todo, progress, reserved, favourites). */
  myAppointmentTab: (tab: string) => `${MOBILE_ROOT}/myAppointment?tab=${encodeURIComponent(tab)}`,
  venueDetail: (id: string) => `${MOBILE_ROOT}/venueDetail/${id}`,
  chooseDate: (id: string) => `${MOBILE_ROOT}/chooseDate/${id}`,
  applicationForm: (id: string) => `${MOBILE_ROOT}/applicationForm/${id}`,
  appointmentDetail: (type: string, id: string) => `${MOBILE_ROOT}/appointmentDetail/${type}/${id}`,
  chooseAnotherTime: (resourceId: string, appId: string) => `${MOBILE_ROOT}/chooseAnotherTime/${resourceId}/${appId}`,
  /** A resource's reviews. */
  comments: (resourceId: string) => `${MOBILE_ROOT}/resource/${resourceId}/comments`,
  /** Evaluate a performed booking (or see, edit, delete the user's evaluation of it). */
  evaluate: (appointmentId: string) => `${MOBILE_ROOT}/evaluate/${appointmentId}`,
  qrcodeScanner: `${MOBILE_ROOT}/qrcode-scanner`,
  myQrcode: `${MOBILE_ROOT}/myQrcode`,
  orderedResources: `${MOBILE_ROOT}/ordered/resources`,
} as const;
