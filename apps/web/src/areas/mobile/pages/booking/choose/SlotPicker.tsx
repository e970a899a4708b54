import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { slotExplanation, slotLook, isSelectable, SLOT_LOOKS } from '../../../../../features/booking/slots.ts';
import type { SlotAvailability } from '../../../../../features/booking/types.ts';
import { currentLanguage } from '../../../../../lib/i18n.ts';

/** The colour key of the five slot looks. */
export function SlotLegend() {
  const { t } = useTranslation();
  return (
    <ul className="yy-m-legend" aria-label={t('booking.slot.legend')}>
      {SLOT_LOOKS.map((look) => (
        <li key={look}>
          <i className={`yy-m-look-${look}`} aria-hidden />
          {t(`booking.slot.look.${look}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The day's fixed slots in their five looks (closed, available, mine, taken, selected). Tapping
 * a bookable slot selects or unselects it; tapping any other says why it cannot be booked and,
 * for one not open yet, when it opens.
 */
export function SlotPicker({
  slots,
  selected,
  onToggle,
}: {
  slots: readonly SlotAvailability[];
  selected: readonly string[];
  onToggle: (slot: SlotAvailability) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [noteFor, setNoteFor] = useState<string | null>(null);
  const noted = slots.find((s) => s.id === noteFor) ?? null;
  const why = noted ? slotExplanation(noted, lang) : null;
  return (
    <div>
      <SlotLegend />
      <div className="yy-m-slots" role="group" aria-label={t('booking.slot.slots')}>
        {slots.map((slot) => {
          const isSelected = selected.includes(slot.id);
          const look = slotLook(slot, isSelected);
          const bookable = isSelectable(slot);
          const status = t(`booking.slot.look.${look}`);
          const seats = bookable && slot.capacity > 1 ? t('booking.slot.remaining', { n: slot.remaining }) : '';
          return (
            <button
              key={slot.id}
              type="button"
              className={`yy-m-slot yy-m-look-${look}`}
              aria-pressed={bookable ? isSelected : undefined}
              aria-label={`${slot.kssj}-${slot.jssj} ${status}${seats ? ` ${seats}` : ''}`}
              data-look={look}
              onClick={() => {
                if (bookable) {
                  setNoteFor(null);
                  onToggle(slot);
                } else {
                  setNoteFor(slot.id === noteFor ? null : slot.id);
                }
              }}
            >
              {slot.kssj}-{slot.jssj}
              <small>{seats || status}</small>
            </button>
          );
        })}
      </div>
      {noted && why && (
        <p className="yy-m-slot-note" role="status">
          {noted.kssj}-{noted.jssj}：{t(why.key, why.values)}
        </p>
      )}
    </div>
  );
}
