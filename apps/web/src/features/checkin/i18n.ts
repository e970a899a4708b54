import { useEffect, useState } from 'react';
import { lazySection } from '../../lib/i18n.ts';
import { ensureBookingTranslations } from '../booking/i18n.ts';

/**
 * The check-in texts (`features/checkin/locales/<lang>.json`, section `checkin`) load with the
 * first screen that shows them rather than at start, keeping every page's first download light
 * (the phone's budget). Only the language in use is fetched.
 */
const load = lazySection('checkin', {
  zh: () => import('./locales/zh.json'),
  en: () => import('./locales/en.json'),
});
let loaded = false;

export function ensureCheckinTranslations(): Promise<void> {
  return load().then(() => {
    loaded = true;
  });
}

/**
 * A page importer that also loads the check-in texts (route `page:` entries), and with
 * `booking` the booking screens' texts too (the phone pages' shared widgets use them).
 */
export function withCheckinTexts<T>(page: Promise<T>, { booking = false }: { booking?: boolean } = {}): Promise<T> {
  const texts = [ensureCheckinTranslations()];
  if (booking) texts.push(ensureBookingTranslations());
  return Promise.all([page, ...texts]).then(([module]) => module);
}

/**
 * Whether the check-in texts are there; loads them when not. For the components other screens
 * place (the voucher on a booking's detail page): they render a placeholder until then.
 */
export function useCheckinTexts(): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (ready) return;
    let alive = true;
    ensureCheckinTranslations().then(
      () => alive && setReady(true),
      (err: unknown) => console.warn('[checkin] failed to load texts', err),
    );
    return () => {
      alive = false;
    };
  }, [ready]);
  return ready;
}
