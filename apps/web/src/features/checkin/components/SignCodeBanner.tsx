import { useTranslation } from 'react-i18next';
import { useCheckinTexts } from '../texts.ts';
import type { SignCodeFromUrl } from '../useSignCodeFromUrl.ts';
import './checkin.css';

/**
 * The outcome of `useSignCodeFromUrl` for the page that was opened with a code: checking in,
 * the refusal with its reason (try again, or check out instead), or the success when the page
 * does not go on to the success page. Nothing when the page was opened without a code.
 */
export function SignCodeBanner({ state }: { state: SignCodeFromUrl }) {
  // the texts load only when the page was opened with a code
  const ready = useCheckinTexts(['common', 'scan'], state.status !== 'none');
  const { t } = useTranslation();
  if (!ready || state.status === 'none') return null;
  const failed = state.status === 'failed';
  return (
    <div
      className={`yy-ci yy-ci-banner${failed ? ' is-failed' : ''}`}
      role={failed ? 'alert' : 'status'}
      aria-live="polite"
    >
      <div className="yy-ci-banner-text">
        {state.status === 'pending' &&
          t(state.direction === 'out' ? 'checkin.url.signingOut' : 'checkin.url.signingIn')}
        {state.status === 'done' && t(state.direction === 'out' ? 'checkin.result.outOk' : 'checkin.result.inOk')}
        {failed && (
          <>
            <strong>{t(state.direction === 'out' ? 'checkin.result.outFailed' : 'checkin.result.inFailed')}</strong>
            <span>{state.error}</span>
          </>
        )}
      </div>
      {failed && (
        <div className="yy-ci-banner-actions">
          <button type="button" className="yy-ci-link" onClick={state.retry}>
            {t('checkin.code.retry')}
          </button>
          {state.direction === 'in' && (
            <button type="button" className="yy-ci-link" onClick={state.signOut}>
              {t('checkin.url.signOutInstead')}
            </button>
          )}
          <button type="button" className="yy-ci-link" onClick={state.dismiss}>
            {t('checkin.url.dismiss')}
          </button>
        </div>
      )}
      {state.status === 'done' && (
        <div className="yy-ci-banner-actions">
          <button type="button" className="yy-ci-link" onClick={state.dismiss}>
            {t('checkin.url.dismiss')}
          </button>
        </div>
      )}
    </div>
  );
}
