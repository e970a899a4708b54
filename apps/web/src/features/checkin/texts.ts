import { deferredGroups } from '../../lib/i18n.ts';
import { useTextGroups } from '../../lib/useTextGroups.ts';

/**
 * The groups of the check-in texts (`locales/<lang>/<group>.json`, loaded by `i18n.ts`): `common`
 * (the states, ways, directions and sign-in facts most check-in screens show) and the screens' own.
 * A screen loads those it shows; `app/route-texts.test.ts` checks which a page needs.
 */
export type CheckinTextGroup =
  'common' | 'ban' | 'voucher' | 'scan' | 'signed' | 'overview' | 'resource' | 'mark' | 'desk';

/**
 * Loads the named groups of the check-in texts (route `page:` entries, through `withTexts`). The
 * loader itself is imported lazily, so that the route table (in every page's first scripts) and
 * the screens placing a check-in component carry next to nothing for them.
 */
export const loadCheckinTexts = deferredGroups<CheckinTextGroup>('checkin', () =>
  import('./i18n.ts').then((m) => m.checkinGroups),
);

/**
 * Whether the named check-in texts are there; loads them when not (and when `enabled`). For the
 * components other screens place (the voucher on a booking's detail page): they render a
 * placeholder until then.
 */
export function useCheckinTexts(groups: readonly CheckinTextGroup[], enabled = true): boolean {
  return useTextGroups(loadCheckinTexts, groups, enabled);
}
