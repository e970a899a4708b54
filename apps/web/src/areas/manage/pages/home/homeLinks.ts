import { APPOINTMENT_LIST_PATH, appointmentListPath } from '../appointment/paths.ts';

/**
 * Where each card of the home leads: the list whose total is the card's figure (the bookings
 * list's search in its URL: dates and status, as its filter bar reads them).
 */
export const homeLinks = {
  today: (date: string) => appointmentListPath({ from: date, to: date }),
  pending: () => `${APPOINTMENT_LIST_PATH}?status=pending`,
  performed: (date: string) => `${appointmentListPath({ from: date, to: date })}&status=performed`,
  noShow: (date: string) => `${appointmentListPath({ from: date, to: date })}&status=noShow`,
  day: (date: string) => appointmentListPath({ from: date, to: date }),
  inUse: () => '/manage/sign',
  visitsExpected: () => '/manage/visitorManagement/visitorAppointmentManage',
  onCampus: () => '/manage/visitorManagement/visitorList',
  notices: () => '/manage/notice/notice-list',
} as const;
