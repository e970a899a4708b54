import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ballotSlotLook, type BallotSlots } from '../../../../../features/booking/ballot.ts';
import { BallotIcon } from '../../../../../features/booking/Ballot.tsx';
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
 * for one not open yet, when it opens. On a date released by ballot (`ballot`), a slot the user
 * entered already shows as theirs, none can be chosen while the draw is due, and the open ones
 * say they can be entered.
 */
export function SlotPicker({
  slots,
  selected,
  onToggle,
  ballot = null,
}: {
  slots: readonly SlotAvailability[];
  selected: readonly string[];
  onToggle: (slot: SlotAvailability) => void;
  ballot?: BallotSlots | null;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [noteFor, setNoteFor] = useState<string | null>(null);
  const noted = slots.find((s) => s.id === noteFor) ?? null;
  const notedBallot = noted ? ballotSlotLook(noted, ballot) : null;
  const why = notedBallot?.why ? { key: notedBallot.why } : noted ? slotExplanation(noted, lang) : null;
  return (
    <div>
      <SlotLegend />
      <div className="yy-m-slots" role="group" aria-label={t('booking.slot.slots')}>
        {slots.map((slot) => {
          const byBallot = ballotSlotLook(slot, ballot);
          const bookable = byBallot ? byBallot.selectable : isSelectable(slot);
          const isSelected = bookable && selected.includes(slot.id);
          const look = byBallot && !isSelected ? byBallot.look : slotLook(slot, isSelected);
          const status = t(byBallot && !isSelected ? byBallot.status : `booking.slot.look.${look}`);
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
              <small>
                {byBallot && !isSelected ? (
                  <>
                    <BallotIcon /> {status}
                  </>
                ) : (
                  seats || status
                )}
              </small>
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
