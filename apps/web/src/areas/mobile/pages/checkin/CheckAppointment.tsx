import { Button, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useDocumentTitle } from '../../../../components/RouteTitle.tsx';
import { currentUser, signIn, type SignedInUser } from '../../../../features/auth/auth.ts';
import { useAppointmentSignInfo } from '../../../../features/checkin/api/findAppointmentSignInfo.ts';
import { useNow } from '../../../../features/checkin/components/useNow.ts';
import { isValidVerdict, signVerdict, type SignVerdict } from '../../../../features/checkin/signs.ts';
import { LoadFailed } from '../../components/LoadState.tsx';
import { BookingCard } from './BookingCard.tsx';
import '../booking/booking.css';
import './checkin.css';

function VerdictIcon({ kind }: { kind: 'valid' | 'invalid' | 'pending' }) {
  return (
    <svg className="yy-mc-verdict-icon" viewBox="0 0 64 64" aria-hidden>
      <circle cx="32" cy="32" r="30" fill="currentColor" />
      {kind === 'valid' && (
        <path
          d="M19 33l9 9 17-19"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
      {kind === 'invalid' && <path d="M22 22l20 20M42 22 22 42" stroke="#fff" strokeWidth="5" strokeLinecap="round" />}
      {kind === 'pending' && (
        <path
          d="M32 18v15l9 6"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

function kindOf(v: SignVerdict): 'valid' | 'invalid' | 'pending' {
  if (isValidVerdict(v)) return 'valid';
  return v === 'pending' ? 'pending' : 'invalid';
}

/** The signed-in user, read once (this open page has no session of its own). */
function useSignedInUser(): SignedInUser | null | undefined {
  const [user, setUser] = useState<SignedInUser | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void currentUser().then((u) => alive && setUser(u));
    return () => {
      alive = false;
    };
  }, []);
  return user;
}

function Verdict({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useAppointmentSignInfo(id);
  const now = useNow(30_000);
  if (query.isPending) {
    return (
      <div className="yy-m-card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (query.error || !query.data) {
    return <LoadFailed error={query.error ?? t('checkin.info.notFound')} onRetry={() => void query.refetch()} />;
  }
  const sign = query.data;
  const verdict = signVerdict(sign, now);
  const kind = kindOf(verdict);
  return (
    <>
      <div className={`yy-mc-verdict is-${kind}`} role="status">
        <VerdictIcon kind={kind} />
        <h1>{t(`checkin.check.${kind}`)}</h1>
        <p className="yy-m-muted">{t(`checkin.verdict.${verdict}`)}</p>
      </div>
      <BookingCard sign={sign} />
    </>
  );
}

/**
 * Booking check (`/mobile/checkAppointment/{id}`, an open route): whether a booking is valid —
 * valid (to go to, checked in or out), awaiting approval, or not valid (cancelled, rejected,
 * terminated, no-show, over) — with its time, booker and check-in record. The server answers
 * only its booker and the administrators of its resource, so a visitor who is not signed in is
 * asked to sign in first.
 */
export default function CheckAppointment() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const user = useSignedInUser();
  useDocumentTitle('route.mobile.checkAppointment');

  let body;
  if (user === undefined) {
    body = (
      <div className="yy-m-card">
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  } else if (!user) {
    body = (
      <section className="yy-m-card yy-mc-verdict">
        <h1>{t('checkin.check.signInTitle')}</h1>
        <p className="yy-m-muted" style={{ marginBottom: 14 }}>
          {t('checkin.check.signInHint')}
        </p>
        <Button color="primary" onClick={() => void signIn(location.pathname + location.search)}>
          {t('checkin.check.signIn')}
        </Button>
      </section>
    );
  } else {
    body = <Verdict id={id} />;
  }

  return (
    <div className="yy-mc-public yy-m-page">
      <header className="yy-mc-public-head">{t('checkin.check.title')}</header>
      <main>{body}</main>
    </div>
  );
}
