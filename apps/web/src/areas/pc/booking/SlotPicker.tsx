import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResourceSlotAvailability } from '../../../features/booking/api/findResourceSlotAvailability.ts';
import { useBallotDateInfo } from '../../../features/booking/api/findBallotDateInfo.ts';
import { ballotSlotLook, ballotSlots } from '../../../features/booking/ballot.ts';
import { BallotIcon, BallotNotice } from '../../../features/booking/Ballot.tsx';
import { errorText } from '../../../features/booking/result.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { slotLook } from '../../../features/booking/slots.ts';
import { describeCell } from './timeGrid/gridModel.ts';
import { useCellTexts } from './timeGrid/useCellTexts.ts';
import './timeGrid/time-grid.css';
import './booking.css';

/**
 * The fixed slots of one resource on one date, each with its state; available ones can be
 * picked (several, or one with `single`). Closed and taken ones say why. A date released by
 * ballot says so (its window, phase, the user's entries and their outcome): a slot the user
 * entered shows as theirs, none can be picked while the draw is due.
 */
export function SlotPicker({
  resourceId,
  date,
  value,
  onChange,
  single = false,
}: {
  resourceId: string;
  date: string;
  value: readonly string[];
  onChange: (slotIds: string[]) => void;
  single?: boolean;
}) {
  const { t } = useTranslation();
  const slots = useResourceSlotAvailability(resourceId, date);
  const info = useBallotDateInfo(resourceId, date);
  const ballot = ballotSlots(info.data);
  const texts = useCellTexts();
  const lang = currentLanguage();
  if (slots.isPending) return <Skeleton.Button active block style={{ height: 72 }} />;
  if (slots.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(slots.error)}
        action={
          <Button size="small" onClick={() => void slots.refetch()}>
            {t('pcBooking.retry')}
          </Button>
        }
      />
    );
  }
  if (slots.data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pcBooking.noSlots')} />;
  return (
    <>
      <BallotNotice info={info.data} />
      <div className="yy-slot-picker" role="group" aria-label={t('pcBooking.dialog.slots')}>
        {slots.data.map((s) => {
          const byBallot = ballotSlotLook(s, ballot);
          const state = byBallot ? byBallot.look : slotLook(s, false);
          const picked = value.includes(s.id) && state === 'available';
          const tip = byBallot
            ? `${s.kssj}–${s.jssj} · ${t(byBallot.why ?? byBallot.status)}`
            : describeCell(s, texts, lang);
          return (
            <button
              key={s.id}
              type="button"
              className={`yy-slot yy-tg-${state}${picked ? ' yy-tg-selected' : ''}`}
              disabled={state !== 'available'}
              aria-pressed={state === 'available' ? picked : undefined}
              aria-label={tip}
              title={tip}
              onClick={() => {
                if (single) onChange(picked ? [] : [s.id]);
                else onChange(picked ? value.filter((id) => id !== s.id) : [...value, s.id]);
              }}
            >
              <span className="yy-slot-time">
                {s.kssj}–{s.jssj}
              </span>
              <span className="yy-slot-state">
                {byBallot && !picked ? (
                  <>
                    <BallotIcon /> {t(byBallot.status)}
                  </>
                ) : picked ? (
                  t('pcBooking.grid.short.selected')
                ) : state === 'available' ? (
                  s.capacity > 1 ? (
                    t('pcBooking.grid.remaining', { n: s.remaining })
                  ) : (
                    t('pcBooking.grid.short.available')
                  )
                ) : state === 'unavailable' ? (
                  (lang === 'en' ? s.reason_en || s.reason_cn : s.reason_cn || s.reason_en) ||
                  t('pcBooking.grid.short.closed')
                ) : (
                  t(`pcBooking.grid.short.${state === 'taken' && s.state === 'full' ? 'full' : state}`)
                )}
              </span>
            </button>
          );
        })}
      </div>
    </>
  );
}
