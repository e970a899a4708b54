import { deferredGroups } from '../../lib/i18n.ts';

/**
 * The groups of the booking texts (`locales/<lang>/<group>.json`, loaded by `i18n.ts`): `common`
 * (status and mode names, weekdays, words several screens share), `ballot` (a date released by
 * ballot, an entry's outcome) and the screens' own. A screen
 * loads those it shows; `app/route-texts.test.ts` checks which a page needs.
 */
export type BookingTextGroup =
  'common' | 'search' | 'venue' | 'choose' | 'series' | 'form' | 'appointments' | 'detail' | 'person' | 'ballot';

/**
 * Loads the named groups of the booking texts (route `page:` entries, through `withTexts`). The
 * loader itself is imported lazily, so that the route table (in every page's first scripts)
 * carries next to nothing for them.
 */
export const loadBookingTexts = deferredGroups<BookingTextGroup>('booking', () =>
  import('./i18n.ts').then((m) => m.bookingGroups),
);
