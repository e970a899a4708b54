import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingDate } from '../../booking/dates.ts';
import { errorText } from '../../booking/result.ts';
import { useAppointmentSignInfo } from '../api/findAppointmentSignInfo.ts';
import { useCheckinTexts } from '../texts.ts';
import { VERDICT_TONE, datePart, shortWallTime, signVerdict, type SignVerdict } from '../signs.ts';
import type { AppointmentSign } from '../types.ts';
import { useNow } from './useNow.ts';
import './checkin.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === '' || children === null || children === undefined || children === false) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A verdict as a coloured tag. */
export function VerdictTag({ verdict }: { verdict: SignVerdict }) {
  const { t } = useTranslation();
  return <span className={`yy-ci-tag is-${VERDICT_TONE[verdict]}`}>{t(`checkin.verdict.${verdict}`)}</span>;
}

/** "who" of a sign-in or sign-out done by staff: their name after the way. */
function wayText(t: (k: string) => string, kind: 'in' | 'missed', way: string, by: string): string {
  const text = t(`checkin.way.${kind}.${way || 'none'}`);
  return by && way !== '1' ? `${text}（${by}）` : text;
}

/**
 * A booking's check-in record (spec 2.6, the appointment detail's sign tab): its state, the
 * check-in window and rule, when and how it was checked in and out, a no-show and the staff's note.
 * `heading`: false when the page shows the state already.
 */
export function SignInfoView({ sign, now, heading = true }: { sign: AppointmentSign; now: number; heading?: boolean }) {
  const { t } = useTranslation();
  const verdict = signVerdict(sign, now);
  const day = datePart(sign.sign_in_start) || bookingDate(sign.appointment_date);
  const window =
    sign.sign_in_start && sign.sign_in_end
      ? `${shortWallTime(sign.sign_in_start)} – ${shortWallTime(sign.sign_in_end, day)}`
      : '';
  const checkedIn = sign.sign_in_time !== '';
  return (
    <div className="yy-ci">
      {heading && (
        <div className="yy-ci-state-line">
          <strong>{t('checkin.info.title')}</strong>
          <VerdictTag verdict={verdict} />
        </div>
      )}
      <dl className="yy-ci-info">
        <Row label={t('checkin.info.window')}>{window}</Row>
        <Row label={t('checkin.info.rule')}>
          {t(sign.signin_required === '1' ? 'checkin.info.required' : 'checkin.info.optional')}
        </Row>
        <Row label={t('checkin.info.signedIn')}>
          {checkedIn &&
            `${shortWallTime(sign.sign_in_time, day)} · ${wayText(t, 'in', sign.sign_in_way, sign.sign_in_user_name)}`}
        </Row>
        <Row label={t('checkin.info.signOut')}>
          {sign.sign_out_rule === '1' &&
            (sign.sign_out_time
              ? `${shortWallTime(sign.sign_out_time, day)} · ${wayText(t, 'in', sign.sign_out_way, sign.sign_out_user_name)}`
              : sign.sign_out_end
                ? t('checkin.info.signOutBy', { end: shortWallTime(sign.sign_out_end, day) })
                : '')}
        </Row>
        <Row label={t('checkin.info.missed')}>
          {sign.missed_time &&
            `${shortWallTime(sign.missed_time, day)} · ${wayText(t, 'missed', sign.missed_way, sign.missed_user_name)}`}
        </Row>
        <Row label={t('checkin.info.remark')}>{sign.remark}</Row>
      </dl>
    </div>
  );
}

/** A booking's sign-in information that did not load (failed, or no such booking), with a retry. */
export function SignInfoFailed({
  query,
  className = 'yy-ci',
}: {
  query: { error: unknown; refetch: () => unknown };
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <p role="alert" className="yy-ci-error">
        {query.error ? errorText(query.error) : t('checkin.info.notFound')}
      </p>
      <button type="button" className="yy-ci-link" onClick={() => void query.refetch()}>
        {t('checkin.code.retry')}
      </button>
    </div>
  );
}

/**
 * The check-in record of a booking by id, loaded (for the booking detail pages of both areas;
 * the booker or an administrator of its resource may read it).
 */
export function SignInfo({ appointmentId }: { appointmentId: string }) {
  const ready = useCheckinTexts(['common']);
  const query = useAppointmentSignInfo(appointmentId);
  const now = useNow(30_000);
  if (!ready || query.isPending) return <div className="yy-ci yy-ci-placeholder" aria-busy="true" />;
  if (query.error || !query.data) return <SignInfoFailed query={query} />;
  return <SignInfoView sign={query.data} now={now} />;
}
