/** The check-in screens' paths (spec 2.1, 2.2), for links from other screens. */
export const checkinPaths = {
  /** The phone's home page (booking centre). */
  mobileHome: '/mobile/home',
  /** The booker's scanner (scan the venue's code); `out` opens it for check-out, `appointmentId` names the booking. */
  scanner: (direction?: 'out', appointmentId?: string) => {
    const q = new URLSearchParams();
    if (direction === 'out') q.set('type', 'out');
    if (appointmentId) q.set('id', appointmentId);
    const query = q.toString();
    return `/mobile/qrcode-scanner${query ? `?${query}` : ''}`;
  },
  /** Check-in (or check-out) success of a booking. */
  signed: (appointmentId: string, direction: 'in' | 'out' = 'in') =>
    `/mobile/signed?id=${encodeURIComponent(appointmentId)}${direction === 'out' ? '&type=out' : ''}`,
  /** The user's vouchers of today's and coming bookings. */
  myQrcode: '/mobile/myQrcode',
  /** Resource administrators: the resources' booking overview. */
  orderedResources: '/mobile/ordered/resources',
  orderedResource: (resourcesId: string) => `/mobile/ordered/resources/${resourcesId}`,
  /** Resource administrators: scan bookers' vouchers for a resource. */
  orderedScan: (resourcesId: string) => `/mobile/ordered/scan/${resourcesId}`,
  /** Whether a booking is valid (open route). */
  checkAppointment: (appointmentId: string) => `/mobile/checkAppointment/${appointmentId}`,
  /** Desktop check-in/out desk, and a resource's voucher scanner for staff. */
  pcSigner: '/pc/signer',
  pcAppointmentScanner: (resourcesId: string) => `/pc/appointmentScanner/${resourcesId}`,
  /** Booking detail pages of the areas (the booking screens'). */
  mobileAppointmentDetail: (appointmentId: string) => `/mobile/appointmentDetail/reserved/${appointmentId}`,
  mobileVenue: (resourcesId: string) => `/mobile/venueDetail/${resourcesId}`,
} as const;
