import { useTranslation } from 'react-i18next';
import { useVisitorCategoryConfig } from '../../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import { pick } from '../../../../../lib/i18n.ts';

/** Pieces of the long-term visitor pages: areas by name, weekdays and validity in words. */

/** The visitor areas as select options (names in the page's language) and their names by id. */
export function useAreaOptions() {
  const config = useVisitorCategoryConfig();
  const areas = config.data?.areas ?? [];
  return {
    loading: config.isFetching,
    options: areas.map((a) => ({ value: a.id, label: pick(a.resources_name, a.resources_name_en) })),
    names: new Map(areas.map((a) => [a.id, pick(a.resources_name, a.resources_name_en)])),
  };
}

/** 'current' | 'future' | 'expired' of a validity window on `today` ("YYYY-MM-DD"). */
export function validityOf(row: { valid_from: string; valid_to: string }, today: string) {
  if (today < row.valid_from) return 'future' as const;
  if (today > row.valid_to) return 'expired' as const;
  return 'current' as const;
}

/** Weekdays in words: every day, weekdays, or the days one by one. */
export function useWeekdaysText() {
  const { t } = useTranslation();
  return (weekdays: string) => {
    const days = weekdays.split(',').filter(Boolean).sort();
    if (days.join(',') === '1,2,3,4,5,6,7') return t('visitorsPeople.everyDay');
    if (days.join(',') === '1,2,3,4,5') return t('visitorsPeople.workdays');
    return days.map((d) => t(`visitorsPeople.weekday.${d}`)).join(' ');
  };
}

/** A long-term visitor's areas in words ("every visitor area" when none is named). */
export function areasText(
  permission: string,
  names: ReadonlyMap<string, string>,
  all: string,
  separator = '、',
): string {
  const ids = permission.split(',').filter(Boolean);
  return ids.length ? ids.map((id) => names.get(id) ?? id).join(separator) : all;
}
