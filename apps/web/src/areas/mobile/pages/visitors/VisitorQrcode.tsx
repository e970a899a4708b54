import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useVisitorSwitches } from '../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import { isQrDisabled, useVisitorPass } from '../../../../features/visitors/api/findVisitorPass.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Empty, LoadFailed, Loading } from '../../components/LoadState.tsx';
import { PageNav } from '../../components/PageNav.tsx';
import { NoQrPassNote } from './parts.tsx';
import { visitorPaths } from './paths.ts';
import '../booking/booking.css';
import './visitors.css';

/** The pass is read again this often: its state follows the clock, a cancellation revokes it. */
const POLL_MS = 30_000;

/** The QR code of `token` as an SVG data URL, made in the browser (nothing leaves the phone). */
export async function qrDataUrl(token: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function useQr(token: string | null | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ token: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!token) return;
    let alive = true;
    qrDataUrl(token).then(
      (url) => alive && setState({ token, url, failed: false }),
      () => alive && setState({ token, url: null, failed: true }),
    );
    return () => {
      alive = false;
    };
  }, [token]);
  return state && state.token === token ? state : { url: null, failed: false };
}

/** The state words and icon of a pass (valid, notYet, expired, revoked). */
const STATE_ICON: Record<string, string> = {
  valid: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12l3 3 5-6',
  notYet: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3',
  expired: 'M6 21V4M6 4h11l-2 4 2 4H6',
  revoked: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM6 18L18 6',
};

/**
 * A visit's entry pass (`/mobile/visitor/qrcode/{id}`): the QR code the gate scans (a signed
 * token drawn here), the masked name, the areas, the valid window and the pass's state, read
 * again while it is open. With QR passes off (overall settings) there is none: a note says the
 * gate checks the visitor's name and ID document.
 */
export default function VisitorQrcode() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { qrPasses } = useVisitorSwitches();
  // asked once the switch is known (the settings are usually cached from the visit's page)
  const pass = useVisitorPass(id, POLL_MS, qrPasses === true);
  const p = pass.data;
  const usable = p?.state === 'valid' || p?.state === 'notYet';
  const qr = useQr(usable ? p?.token : null);

  let body;
  if (qrPasses === false || isQrDisabled(pass.error)) {
    body = (
      <section className="yy-m-card" aria-label={t('route.mobile.visitorQrcode')}>
        <NoQrPassNote />
      </section>
    );
  } else if (pass.isPending) body = <Loading />;
  else if (pass.error && !p) body = <LoadFailed error={pass.error} onRetry={() => void pass.refetch()} />;
  else if (!p) body = <Empty title={t('visitors.pass.none')} />;
  else {
    const state = p.state ?? 'revoked';
    const areas = (currentAreas(p) ?? []).join('、');
    body = (
      <section className="yy-m-card yy-v-pass" aria-labelledby="yy-v-pass-name">
        <h2 id="yy-v-pass-name">{p.visitor_name}</h2>
        <span className={`yy-v-state yy-v-pass-${state}`}>
          <svg viewBox="0 0 24 24" aria-hidden>
            <path d={STATE_ICON[state] ?? STATE_ICON.revoked} />
          </svg>
          {t(`visitors.pass.state.${state in STATE_ICON ? state : 'revoked'}`)}
        </span>
        {usable ? (
          <div className={`yy-v-qr${pass.isFetching ? ' is-refreshing' : ''}`}>
            {qr.url ? (
              <img src={qr.url} alt={t('visitors.pass.alt')} width={240} height={240} />
            ) : qr.failed ? (
              <p role="alert" className="yy-m-error-text">
                {t('visitors.pass.drawFailed')}
              </p>
            ) : (
              <div className="yy-v-qr-placeholder" aria-busy="true" />
            )}
          </div>
        ) : (
          <p className="yy-m-muted">{t(`visitors.pass.why.${state === 'expired' ? 'expired' : 'revoked'}`)}</p>
        )}
        {pass.isFetching && (
          <p className="yy-m-muted" role="status">
            {t('visitors.pass.refreshing')}
          </p>
        )}
        {pass.error && (
          <p className="yy-m-error-text" role="alert">
            {t('visitors.pass.stale')}
          </p>
        )}
        <dl className="yy-v-rows">
          <div className="yy-v-row">
            <dt>{t('visitors.pass.window')}</dt>
            <dd>
              {/* each end whole on a narrow screen */}
              <span className="yy-v-nowrap">{p.valid_from}</span> – <span className="yy-v-nowrap">{p.valid_to}</span>
            </dd>
          </div>
          <div className="yy-v-row">
            <dt>{t('visitors.form.areas')}</dt>
            <dd>{areas || t('visitors.pass.allAreas')}</dd>
          </div>
          {p.serial && (
            <div className="yy-v-row">
              <dt>{t('visitors.pass.serial')}</dt>
              <dd className="yy-v-mono">{p.serial}</dd>
            </div>
          )}
        </dl>
        {state === 'notYet' && <p className="yy-m-muted">{t('visitors.pass.notYetHint')}</p>}
        <Button
          size="small"
          fill="outline"
          color="primary"
          loading={pass.isFetching}
          onClick={() => void pass.refetch()}
        >
          {t('visitors.pass.refresh')}
        </Button>
      </section>
    );
  }

  return (
    <div className="yy-m-page yy-v-page">
      <PageNav title={t('route.mobile.visitorQrcode')} fallback={visitorPaths.detail(id)} />
      {body}
    </div>
  );
}

/** The areas' names in the current language. */
function currentAreas(p: { area_names: string[] | null; area_names_en: string[] | null }): string[] | null {
  const zh = p.area_names ?? [];
  const en = p.area_names_en ?? [];
  return zh.map((name, i) => pick(name, en[i]));
}
