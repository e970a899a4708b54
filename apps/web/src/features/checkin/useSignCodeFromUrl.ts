import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import i18next from 'i18next';
import { errorText } from '../booking/result.ts';
import { useSaveAppointmentSignIn } from './api/saveAppointmentSignIn.ts';
import { useSaveAppointmentSignOut } from './api/saveAppointmentSignOut.ts';
import type { SignResult } from './api/result.ts';
import { readScan } from './codes.ts';
import { loadCheckinTexts } from './texts.ts';
import { checkinPaths } from './paths.ts';

/** The URL parameter a printed resource QR code carries its check-in code in. */
export const SIGN_CODE_PARAM = 'signCode';

export interface SignCodeFromUrl {
  /** none: the page was not opened with a code; pending: checking in; done; failed. */
  status: 'none' | 'pending' | 'done' | 'failed';
  direction: 'in' | 'out';
  /** Why it failed, in the user's language (the server's reason, or that the code is unreadable). */
  error: string;
  result: SignResult | null;
  /** Tries the same code again. */
  retry: () => void;
  /** Checks out with the same code instead (a second scan after checking in). */
  signOut: () => void;
  /** Forgets the outcome (the page shows nothing more about it). */
  dismiss: () => void;
}

/**
 * The venue page opened from a printed resource QR code (`/mobile/venueDetail/{id}?signCode=…`,
 * scanned with the phone's camera) checks the signed-in user in: their booking there whose
 * check-in window is open now. The code is taken out of the address (a reload does not send it
 * again). On success a mobile page goes on to the check-in success page (`/mobile/signed`);
 * otherwise the page shows `error` and may offer `retry` or `signOut`.
 */
export function useSignCodeFromUrl(options: { goToSignedPage?: boolean } = {}): SignCodeFromUrl {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSaveAppointmentSignIn();
  const signOutMutation = useSaveAppointmentSignOut();
  const [code, setCode] = useState<string | null>(null);
  const [state, setState] = useState<Omit<SignCodeFromUrl, 'retry' | 'signOut' | 'dismiss'>>({
    status: 'none',
    direction: 'in',
    error: '',
    result: null,
  });
  const started = useRef<string | null>(null);
  const goOn = options.goToSignedPage ?? location.pathname.startsWith('/mobile/');

  const run = useCallback(
    async (value: string, direction: 'in' | 'out') => {
      setState({ status: 'pending', direction, error: '', result: null });
      try {
        const result = await (direction === 'in' ? signIn.mutateAsync(value) : signOutMutation.mutateAsync(value));
        setState({ status: 'done', direction, error: '', result });
        if (goOn && result.appointmentId) navigate(checkinPaths.signed(result.appointmentId, direction));
      } catch (err) {
        await loadCheckinTexts(['common', 'scan']).catch(() => null);
        setState({ status: 'failed', direction, error: errorText(err), result: null });
      }
    },
    [signIn, signOutMutation, goOn, navigate],
  );

  const raw = params.get(SIGN_CODE_PARAM);
  useEffect(() => {
    if (!raw || started.current === raw) return;
    started.current = raw;
    // Out of the address at once: a reload or a shared link does not check in again.
    setParams(
      (p) => {
        p.delete(SIGN_CODE_PARAM);
        return p;
      },
      { replace: true },
    );
    const scanned = readScan(raw);
    if (scanned.kind !== 'code' || scanned.claims?.kind !== 'resource') {
      void loadCheckinTexts(['common', 'scan'])
        .catch(() => null)
        .then(() =>
          setState({
            status: 'failed',
            direction: 'in',
            error: i18next.t('checkin.scan.refuse.unknown'),
            result: null,
          }),
        );
      return;
    }
    setCode(scanned.code);
    void run(scanned.code, 'in');
  }, [raw, setParams, run]);

  return {
    ...state,
    retry: () => code && void run(code, state.direction),
    signOut: () => code && void run(code, 'out'),
    dismiss: () => setState({ status: 'none', direction: 'in', error: '', result: null }),
  };
}
