import { useTranslation } from 'react-i18next';
import { pick } from '../../../lib/i18n.ts';
import { useOwnBan } from '../api/findBlackListForSelf.ts';
import { useCheckinTexts } from '../texts.ts';
import { shortWallTime } from '../signs.ts';
import './checkin.css';

/**
 * The signed-in user's ban in force, if any: until when they cannot book and why (on the
 * screens where they book and in the personal centre). Renders nothing when there is none.
 */
export function BanNotice({ className }: { className?: string }) {
  const { t } = useTranslation();
  const ban = useOwnBan().data;
  // the texts load only for a user who is banned (rarely): the others' pages fetch nothing more
  const ready = useCheckinTexts(['ban'], !!ban);
  if (!ready || !ban) return null;
  const reason = pick(ban.reason, ban.reason_en);
  return (
    <div className={`yy-ci yy-ci-ban${className ? ` ${className}` : ''}`} role="alert">
      <svg className="yy-ci-ban-icon" viewBox="0 0 20 20" aria-hidden>
        <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4 16 16 4" stroke="currentColor" strokeWidth="2" />
      </svg>
      <div>
        <strong>{t('checkin.ban.title', { end: shortWallTime(ban.end_time) })}</strong>
        {reason && <span>{t('checkin.ban.reason', { reason })}</span>}
      </div>
    </div>
  );
}
