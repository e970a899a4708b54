/** A visitor type (`visitor_type`): '1' a visitor's own application, '2' a host's invitation, '3' a guest of a booking. */
export const VISITOR_TYPES = {
  '1': { zh: '访客申请', en: 'Visitor application' },
  '2': { zh: '邀约访客', en: 'Host invitation' },
  '3': { zh: '预约随行访客', en: 'Guest of a booking' },
} as const;
export type VisitorType = keyof typeof VISITOR_TYPES;
