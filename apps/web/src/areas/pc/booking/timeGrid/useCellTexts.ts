import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellTexts } from './gridModel.ts';

/** The texts describing a slot (time grid cells, slot pickers), in the current language. */
export function useCellTexts(): CellTexts {
  const { t } = useTranslation();
  return useMemo<CellTexts>(
    () => ({
      available: t('pcBooking.grid.state.available'),
      mine: t('pcBooking.grid.state.mine'),
      taken: t('pcBooking.grid.state.taken'),
      full: t('pcBooking.grid.state.full'),
      closed: t('pcBooking.grid.state.closed'),
      opensAt: (time) => t('pcBooking.grid.opensAt', { time }),
      remaining: (n) => t('pcBooking.grid.remaining', { n }),
    }),
    [t],
  );
}
