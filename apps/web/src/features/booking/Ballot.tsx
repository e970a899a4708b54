import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ballotNotice,
  ballotTime,
  outcomeKind,
  outcomeText,
  type BallotDateInfo,
  type BallotEntryForSelf,
  type BallotOutcome,
} from './ballot.ts';
import { todayIso } from './dates.ts';
import './ballot.css';

/**
 * The ballot's mark, beside its words wherever a ballot shows (never colour alone): a ticket
 * drawn from a box.
 */
export function BallotIcon({ className = 'yy-ballot-icon' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" width="1em" height="1em" aria-hidden focusable="false">
      <path
        fill="currentColor"
        d="M5.5 1h5a.5.5 0 0 1 .5.5V7h2.5a.5.5 0 0 1 .5.5v7a.5.5 0 0 1-.5.5h-11a.5.5 0 0 1-.5-.5v-7a.5.5 0 0 1 .5-.5H5V1.5a.5.5 0 0 1 .5-.5Zm.5 1v6.5h4V2H6Zm-3.5 6v6h11V8H11v1a.5.5 0 0 1-.5.5h-5A.5.5 0 0 1 5 9V8H2.5Zm5 1.75h1v2h-1v-2ZM7 3h2v1H7V3Z"
      />
    </svg>
  );
}

/** The words of an outcome, the refusal's reason filled in. */
export function useOutcomeWords() {
  const { t } = useTranslation();
  return (entry: { outcome: BallotOutcome; refusal?: string }) => {
    const text = outcomeText({ outcome: entry.outcome, refusal: entry.refusal ?? '' });
    return t(text.key, text.reasonKey ? { reason: t(text.reasonKey) } : undefined);
  };
}

/**
 * What the booking screens say of a resource's date released by ballot (text and icon): when
 * entries open and close, that the ballot is open and when it is drawn, that the draw is
 * pending, or that it was drawn, with the caller's entries and their outcome and how many
 * entered each. Nothing for a date that races, while loading or when it cannot be read (the
 * submit answers anyway).
 */
export function BallotNotice({
  info,
  today = todayIso(),
}: {
  info: BallotDateInfo | null | undefined;
  today?: string;
}) {
  const { t } = useTranslation();
  const words = useOutcomeWords();
  const notice = ballotNotice(info, today);
  if (!info || !notice) return null;
  const entered = new Map(info.slots.map((s) => [s.slot, s.entered]));
  const mine = [...info.mine].sort((a, b) => a.slot.localeCompare(b.slot));
  return (
    <div className="yy-ballot-notice" data-phase={info.phase} role="status">
      <p className="yy-ballot-line">
        <BallotIcon />
        <span>{t(notice.key, notice.values)}</span>
      </p>
      {info.phase === 'collecting' ? <p className="yy-ballot-hint">{t('booking.ballot.enterHint')}</p> : null}
      {mine.length > 0 ? (
        <ul className="yy-ballot-mine" aria-label={t('booking.ballot.mine')}>
          {mine.map((m) => (
            <li key={m.appointment_id} data-outcome={outcomeKind(m.outcome)}>
              <strong>{m.slot}</strong> {words(m)}
              {entered.has(m.slot) ? ` · ${t('booking.ballot.entrantsN', { n: entered.get(m.slot) })}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A list's tag of a booking that went through a ballot, beside its status (which says "in the
 * ballot", "not drawn", or the winner's booking status), with the icon: when it is drawn, that
 * it won, that it came from a ballot, or that the entry was withdrawn.
 */
export function BallotTag({ entry, today = todayIso() }: { entry: BallotEntryForSelf; today?: string }) {
  const { t } = useTranslation();
  const kind = outcomeKind(entry.outcome);
  return (
    <span className="yy-ballot-tag" data-outcome={kind}>
      <BallotIcon />
      {kind === 'waiting'
        ? t('booking.ballot.drawsAt', { time: ballotTime(entry.closes_at, today) })
        : t(`booking.ballot.short.${entry.outcome === 'withdrawn' ? 'withdrawn' : kind}`)}
    </span>
  );
}

/**
 * A booking's ballot result, for its detail: the outcome (won, or not drawn and why), when
 * entries closed and when it was drawn, how many entered the slot and the entry's drawn position.
 */
export function BallotResult({ entry, today = todayIso() }: { entry: BallotEntryForSelf; today?: string }) {
  const { t } = useTranslation();
  const words = useOutcomeWords();
  const headingId = useId();
  const drawn = Boolean(entry.drawn_at);
  const rows: [string, string][] = [
    [t('booking.ballot.result'), words(entry)],
    [t('booking.ballot.closesAt'), entry.closes_at.slice(0, 16)],
    ...(drawn
      ? ([
          [t('booking.ballot.drawnAt'), entry.drawn_at.slice(0, 16)],
          [t('booking.ballot.entrants'), t('booking.ballot.entrantsN', { n: entry.entered })],
        ] as [string, string][])
      : []),
    ...(drawn && entry.position !== null
      ? ([[t('booking.ballot.position'), t('booking.ballot.positionN', { n: entry.position })]] as [string, string][])
      : []),
  ];
  return (
    <section className="yy-ballot-result" data-outcome={outcomeKind(entry.outcome)} aria-labelledby={headingId}>
      <h2 id={headingId} className="yy-ballot-line">
        <BallotIcon />
        <span>
          {drawn
            ? t('booking.ballot.result')
            : t('booking.ballot.inBallot', { time: ballotTime(entry.closes_at, today) })}
        </span>
      </h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
