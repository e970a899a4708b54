import type { ComponentType } from 'react';

/** One route of the app: its path, its title's i18n key, and how it loads. */
export interface RouteDef {
  /** Path relative to the area root (no leading slash), e.g. `resources/:id/list`. */
  path: string;
  /** i18n key of the page title (`route.*`). */
  title: string;
  /** false: open route, no sign-in (spec 2.5). */
  auth?: false;
  /** Not shown in menus; always kept whatever the user's menus say. */
  hidden?: boolean;
  /** Redirect to this sibling path instead of rendering. */
  redirect?: string;
  /** The page; routes without one show their title until their issue fills them. */
  page?: () => Promise<{ default: ComponentType }>;
}
