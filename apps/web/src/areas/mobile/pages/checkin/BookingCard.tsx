import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingDate } from '../../../../features/booking/dates.ts';
import { errorText } from '../../../../features/booking/result.ts';
import {
  useUpdateAppointmentPerformState,
  type PerformMark,
} from '../../../../features/checkin/api/updateAppointmentPerformState.ts';
import { SignInfoView, VerdictTag } from '../../../../features/checkin/components/SignInfo.tsx';
import { useNow } from '../../../../features/checkin/components/useNow.ts';
import { markOptions, signVerdict } from '../../../../features/checkin/signs.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { showConfirm, showToast } from '../../components/overlay.ts';
import { GrowingTextArea } from '../../components/GrowingTextArea.tsx';

/** Longest staff note (the server's limit). */
const MAX_REMARK = 500;

/**
 * Staff mark a booking honoured (performed) or missed (no-show), with an optional note; a
 * no-show is confirmed first (it frees the slot and counts towards the blacklist rule).
 * Refusals show the server's reason.
 */
export function StaffMarks({ sign }: { sign: AppointmentSign }) {
  const { t } = useTranslation();
  const id = useId();
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const mark = useUpdateAppointmentPerformState();
  const can = markOptions(sign);
  if (!can.performed && !can.missed) return null;

  const run = async (kind: PerformMark) => {
    setError('');
    try {
      const r = await mark.mutateAsync({ id: sign.id, mark: kind, reason: remark });
      setRemark('');
      void showToast(pick(r.msg, r.msg_en), 'success');
    } catch (err) {
      setError(errorText(err));
    }
  };

  const missed = () =>
    showConfirm({
      title: t('checkin.mark.missedConfirmTitle'),
      content: t('checkin.mark.missedConfirm', { name: sign.appointment_user_name || sign.appointment_user }),
      confirmText: t('checkin.mark.missed'),
      cancelText: t('checkin.mark.keep'),
      onConfirm: () => run('missed'),
    });

  return (
    <div>
      <hr className="yy-mc-divider" />
      <label className="yy-mc-field-label" htmlFor={`${id}-remark`}>
        {t('checkin.mark.remark')}
      </label>
      <div className="yy-mc-textarea">
        <GrowingTextArea
          id={`${id}-remark`}
          value={remark}
          onValue={setRemark}
          placeholder={t('checkin.mark.remarkPlaceholder')}
          maxLength={MAX_REMARK}
          minRows={1}
          maxRows={4}
        />
      </div>
      {error && (
        <p className="yy-m-error-text" role="alert">
          {error}
        </p>
      )}
      <div className="yy-mc-mark-buttons">
        {can.performed && (
          <Button color="success" fill="outline" loading={mark.isPending} onClick={() => void run('performed')}>
            {t(sign.appointment_state === '2' ? 'checkin.mark.correct' : 'checkin.mark.performed')}
          </Button>
        )}
        {can.missed && (
          <Button color="danger" fill="outline" disabled={mark.isPending} onClick={() => void missed()}>
            {t('checkin.mark.missed')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** A booking as staff see it: resource, time, booker, its check-in record and (optionally) the markings. */
export function BookingCard({
  sign,
  marks = false,
  embedded = false,
}: {
  sign: AppointmentSign;
  marks?: boolean;
  /** Inside a list row (no card of its own, no repeated resource heading). */
  embedded?: boolean;
}) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const id = useId();
  const booker = [sign.appointment_user_name, sign.appointment_user].filter(Boolean).join(' / ');
  return (
    <section
      className={embedded ? 'yy-mc-embedded' : 'yy-m-card'}
      {...(embedded ? { 'aria-label': booker } : { 'aria-labelledby': `${id}-title` })}
    >
      {!embedded && (
        <>
          <div className="yy-mc-booking-head">
            <div>
              <h2 id={`${id}-title`}>{pick(sign.resources_name, sign.resources_name_en)}</h2>
              <p className="yy-m-muted">
                {bookingDate(sign.appointment_date)} {sign.start_time}-{sign.end_time}
              </p>
            </div>
            <VerdictTag verdict={signVerdict(sign, now)} />
          </div>
          <hr className="yy-mc-divider" />
        </>
      )}
      <dl className="yy-m-info">
        <dt>{t('checkin.booking.booker')}</dt>
        <dd>{booker}</dd>
        {sign.dept_name && (
          <>
            <dt>{t('checkin.booking.unit')}</dt>
            <dd>{sign.dept_name}</dd>
          </>
        )}
        {sign.phone && (
          <>
            <dt>{t('checkin.booking.phone')}</dt>
            <dd>
              <a href={`tel:${sign.phone}`}>{sign.phone}</a>
            </dd>
          </>
        )}
        {sign.theme && (
          <>
            <dt>{t('checkin.booking.theme')}</dt>
            <dd>{sign.theme}</dd>
          </>
        )}
      </dl>
      <hr className="yy-mc-divider" />
      <SignInfoView sign={sign} now={now} heading={false} />
      {marks && <StaffMarks sign={sign} />}
    </section>
  );
}
