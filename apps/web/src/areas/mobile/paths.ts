import type { RouteDef } from '../../app/route-def.ts';

/** The mobile area (`/mobile`), spec 2.1. */
export const MOBILE_ROOT = '/mobile';

export const mobileRoutes: RouteDef[] = [
  { path: 'home', title: 'route.mobile.home', page: () => import('./pages/home/MobileHome.tsx') },
  { path: 'menuManage', title: 'route.mobile.menuManage' },
  { path: 'myAppointment', title: 'route.mobile.myAppointment' },
  { path: 'personcenter', title: 'route.mobile.personcenter' },
  { path: 'search', title: 'route.mobile.search' },
  {
    path: 'announcements',
    title: 'route.mobile.announcements',
    page: () => import('./pages/notices/Announcements.tsx'),
  },
  { path: 'ordered/resources', title: 'route.mobile.orderedResources' },
  { path: 'ordered/resources/:id', title: 'route.mobile.orderedResourcesTable', hidden: true },
  { path: 'ordered/scan/:id', title: 'route.mobile.orderedScan', hidden: true },
  { path: 'ordered/register/:id', title: 'route.mobile.orderedRegister', hidden: true },
  { path: 'appointmentDetail/:type/:id', title: 'route.mobile.appointmentDetail', hidden: true },
  { path: 'venueDetail/:id', title: 'route.mobile.venueDetail', hidden: true },
  { path: 'resource/:id/comments', title: 'route.mobile.comments', hidden: true },
  { path: 'chooseDate/:id', title: 'route.mobile.chooseDate', hidden: true },
  { path: 'chooseAnotherTime/:id/:appId', title: 'route.mobile.chooseAnotherTime', hidden: true },
  { path: 'applicationForm/:id', title: 'route.mobile.applicationForm', hidden: true },
  {
    path: 'announcementDetail/:id',
    title: 'route.mobile.announcementDetail',
    hidden: true,
    page: () => import('./pages/notices/AnnouncementDetail.tsx'),
  },
  { path: 'myQrcode', title: 'route.mobile.myQrcode' },
  { path: 'signed', title: 'route.mobile.signed', hidden: true },
  { path: 'qrcode-scanner', title: 'route.mobile.qrcodeScanner' },
  { path: 'appointmentGragh/:id', title: 'route.mobile.appointmentGragh', auth: false, hidden: true },
  { path: 'checkAppointment/:id', title: 'route.mobile.checkAppointment', auth: false, hidden: true },
  { path: 'visitor/home', title: 'route.mobile.visitorHome' },
  { path: 'visitor/mine', title: 'route.mobile.visitorMine' },
  { path: 'visitor/history', title: 'route.mobile.visitorHistory' },
  { path: 'visitor/detail/:id', title: 'route.mobile.visitorDetail', hidden: true },
  { path: 'visitor/qrcode/:id', title: 'route.mobile.visitorQrcode', hidden: true },
  { path: 'visitor/register', title: 'route.mobile.visitorRegister', auth: false },
  { path: 'visitor/addinfo', title: 'route.mobile.visitorAddinfo' },
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
} as const;
