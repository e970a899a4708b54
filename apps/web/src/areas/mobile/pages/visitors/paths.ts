/** The visitor pages' paths (`/mobile/visitor/*`, spec 2.1). */
export const visitorPaths = {
  home: '/mobile/visitor/home',
  mine: '/mobile/visitor/mine',
  history: '/mobile/visitor/history',
  addinfo: '/mobile/visitor/addinfo',
  register: '/mobile/visitor/register',
  detail: (id: string) => `/mobile/visitor/detail/${encodeURIComponent(id)}`,
  qrcode: (id: string) => `/mobile/visitor/qrcode/${encodeURIComponent(id)}`,
} as const;
