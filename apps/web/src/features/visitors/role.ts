import type { SignedInUser } from '../auth/auth.ts';

/** Visitors' sign-in accounts start with this (the server names them `visitor:<hash>`). */
export const VISITOR_ACCOUNT_PREFIX = 'visitor:';

/** The only pages a signed-in visitor may open (`/mobile/visitor/*`), and where they land. */
export const VISITOR_AREA = '/mobile/visitor/';
export const VISITOR_HOME = '/mobile/visitor/home';

/** Whether the signed-in user is a registered visitor (from their token's account claims). */
export function isVisitorUser(user: Pick<SignedInUser, 'profile'> | null | undefined): boolean {
  const profile = user?.profile;
  if (!profile) return false;
  const account = profile.account ?? profile.preferred_username;
  return typeof account === 'string' && account.startsWith(VISITOR_ACCOUNT_PREFIX);
}

/** Whether a visitor may stay on `pathname` (an app path, base path removed). */
export function visitorMayOpen(pathname: string): boolean {
  return pathname.startsWith(VISITOR_AREA);
}
