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
  /** Approved visits of the day (state 2), as "visitors expected" counts them. */
  visitsExpected: (date: string) =>
    `/manage/visitorManagement/visitorAppointmentManage?from=${date}&to=${date}&state=2`,
  /** The day's gate entries, under the summary that says how many are on campus now. */
  onCampus: (date: string) => `/manage/visitorManagement/visitorList?from=${date}&to=${date}`,
  notices: () => '/manage/notice/notice-list',
} as const;
