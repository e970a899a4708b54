import { lazyGroups, textGroups } from '../../lib/i18n.ts';
import type { CheckinTextGroup } from './texts.ts';

/**
 * The check-in texts (section `checkin`) load with the screens showing them rather than at start,
 * keeping every page's first download light (the phone's budget), and in groups
 * (`locales/<lang>/<group>.json`, see `texts.ts`) so that a screen fetches only what it shows;
 * only the language in use is fetched.
 */
export const checkinGroups = lazyGroups(
  'checkin',
  textGroups<CheckinTextGroup>(import.meta.glob<{ default: unknown }>('./*/*.json', { base: './locales' })),
);

/** Loads the named groups of the check-in texts; without names, every group (component tests). */
export function ensureCheckinTranslations(groups: readonly CheckinTextGroup[] = checkinGroups.names): Promise<void> {
  return checkinGroups(groups);
}
