import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { completeSignIn } from '../../../features/auth/auth.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { FullPageSpinner } from '../../../components/FullPageSpinner.tsx';

/** The app path of an absolute `retUrl` on this app, or null. */
function appPathOf(retUrl: string | null): string | null {
  if (!retUrl) return null;
  try {
    const url = new URL(retUrl, window.location.origin);
    const base = runtimeConfig().basePath;
    if (url.origin !== window.location.origin || !url.pathname.startsWith(`${base}/`)) return null;
    return url.pathname.slice(base.length) + url.search + url.hash;
  } catch {
    return null;
  }
}

/** /oidc-callback: completes sign-in and returns to the saved path (or `retUrl`). */
export default function OidcCallback() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const retUrl = appPathOf(new URLSearchParams(window.location.search).get('retUrl'));
    completeSignIn()
      .then((returnTo) => navigate(retUrl ?? returnTo, { replace: true }))
      .catch((err: unknown) => {
        console.error('[oidc] sign-in callback failed', err);
        navigate('/oidc-callback-error', { replace: true });
      });
  }, [navigate]);
  return <FullPageSpinner />;
}
