import { lazyGroups, textGroups } from '../../lib/i18n.ts';
import type { BookingTextGroup } from './texts.ts';

/**
 * The booking screens' texts (section `booking`) load with the screens showing them rather than
 * at start, keeping the phone's first page light, and in groups (`locales/<lang>/<group>.json`, see
 * `texts.ts`) so that a screen fetches only what it shows; only the language in use is fetched. The
 * two words the phone's shared widgets show on every page (back, failed to load) are core
 * (`src/locales/<lang>/booking.json`).
 */
export const bookingGroups = lazyGroups(
  'booking',
  textGroups<BookingTextGroup>(import.meta.glob<{ default: unknown }>('./*/*.json', { base: './locales' })),
);

/** Loads the named groups of the booking texts; without names, every group (component tests). */
export function ensureBookingTranslations(groups: readonly BookingTextGroup[] = bookingGroups.names): Promise<void> {
  return bookingGroups(groups);
}
