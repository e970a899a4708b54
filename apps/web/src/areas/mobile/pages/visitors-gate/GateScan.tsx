import { Button, ConfigProvider, Input, Selector, Tag } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalSession } from '../../../../app/session.tsx';
import { useDocumentTitle } from '../../../../components/RouteTitle.tsx';
import { gateTime, minuteText, verdictTone, windowText } from '../../../../features/visitors/gate/display.ts';
import type { GateScan as Scan, GateState } from '../../../../features/visitors/gate/gate.ts';
import { entryStatus, failureText, useGate } from '../../../../features/visitors/gate/useGate.ts';
import { useGateCamera } from '../../../../features/visitors/gate/useGateCamera.ts';
import { usePlace } from '../../../../features/visitors/gate/usePlace.ts';
import { currentLanguage, pick } from '../../../../lib/i18n.ts';
import { accessibleThemeColor } from '../../../../lib/theme.ts';
import '../../mobile.css';
import './gate.css';

const TONE_ICON = { ok: CheckCircleFill, warn: ExclamationCircleFill, bad: CloseCircleFill } as const;
/** The badge's colours: white text on them reads at WCAG AA (the kit's green and orange do not). */
const ONLINE_COLOR = '#237804';
const OFFLINE_COLOR = '#ad4e00';

/** The gate's connection and queue: online/offline, entries waiting, last sync, the data's age. */
function GateStatus({ state, onSync }: { state: GateState; onSync: () => void }) {
  const { t } = useTranslation();
  const en = currentLanguage() === 'en';
  const zone = state.bundle?.time_zone ?? 'Asia/Shanghai';
  return (
    <section className="yy-gate-status" aria-label={t('visitorGate.title')}>
      <div className="yy-gate-status-row">
        <span role="status" data-testid="gate-online">
          <Tag color={state.online ? ONLINE_COLOR : OFFLINE_COLOR} fill="solid">
            {state.online ? t('visitorGate.status.online') : t('visitorGate.status.offline')}
          </Tag>
        </span>
        <span data-testid="gate-queued">{t('visitorGate.status.queued', { count: state.queued })}</span>
        <Button size="mini" fill="outline" loading={state.syncing} disabled={!state.online} onClick={onSync}>
          {t('visitorGate.status.syncNow')}
        </Button>
      </div>
      <div className="yy-gate-muted" data-testid="gate-last-sync">
        {state.lastSync
          ? t('visitorGate.status.lastSync', { time: gateTime(state.lastSync, zone) })
          : t('visitorGate.status.neverSynced')}
        {state.bundle && (
          <>
            {' · '}
            {t('visitorGate.status.bundle', { time: gateTime(state.bundle.fetched_at, zone) })}
          </>
        )}
      </div>
      {state.syncError != null && state.queued > 0 && (
        <p className="yy-gate-warn" role="alert">
          {t('visitorGate.status.syncFailed', { reason: failureText(state.syncError, en) })}
        </p>
      )}
      {state.bundleError != null && state.online && (
        <p className="yy-gate-warn" role="alert">
          {t('visitorGate.status.bundleFailed', { reason: failureText(state.bundleError, en) })}
        </p>
      )}
      {state.storageFailed && (
        <p className="yy-gate-warn" role="alert">
          {t('visitorGate.status.storageFailed')}
        </p>
      )}
    </section>
  );
}

/** The big verdict: colour, icon and words (never colour alone), then what the pass says. */
function Verdict({ scan, state }: { scan: Scan; state: GateState }) {
  const { t } = useTranslation();
  const en = currentLanguage() === 'en';
  const v = scan.verdict;
  const tone = verdictTone(v);
  const Icon = TONE_ICON[tone];
  const zone = state.bundle?.time_zone ?? 'Asia/Shanghai';
  const entry = entryStatus(scan, state);
  const title =
    v.result === 'valid'
      ? t('visitorGate.verdict.admitted')
      : v.result === 'repeat'
        ? t('visitorGate.verdict.repeatTitle')
        : t('visitorGate.verdict.refused');
  return (
    <section
      className={`yy-gate-verdict is-${tone}`}
      role={tone === 'bad' ? 'alert' : 'status'}
      data-testid="gate-verdict"
      data-result={v.result}
      data-scan={scan.id}
    >
      <div className="yy-gate-verdict-head">
        <Icon aria-hidden className="yy-gate-verdict-icon" />
        <div>
          <strong className="yy-gate-verdict-title">{title}</strong>
          <p className="yy-gate-verdict-reason">{en ? v.reason_en : v.reason_cn}</p>
        </div>
      </div>
      <dl className="yy-gate-facts">
        {v.visitorName && (
          <>
            <dt>{t('visitorGate.verdict.name')}</dt>
            <dd data-testid="gate-name">{v.visitorName}</dd>
          </>
        )}
        {v.kind && (
          <>
            <dt>{t('visitorGate.verdict.kind')}</dt>
            <dd>{t(`visitorGate.kind.${v.kind}`)}</dd>
          </>
        )}
        {v.serial && (
          <>
            <dt>{t('visitorGate.verdict.areas')}</dt>
            <dd>
              {v.areas.length
                ? v.areas.map((a) => pick(a.resources_name, a.resources_name_en)).join('、')
                : t('visitorGate.verdict.allAreas')}
            </dd>
            <dt>{t('visitorGate.verdict.window')}</dt>
            <dd>{windowText(v, zone)}</dd>
          </>
        )}
        {v.weekdays && v.startMinute !== null && v.endMinute !== null && (
          <>
            <dt>{t('visitorGate.verdict.hours')}</dt>
            <dd>
              {v.weekdays.map((d) => t(`visitorGate.weekday.${d}`)).join(' ')} {minuteText(v.startMinute)}–
              {minuteText(v.endMinute)}
            </dd>
          </>
        )}
        <dt>{t('visitorGate.session.entry')}</dt>
        <dd data-testid="gate-entry" data-status={entry.status}>
          {t(`visitorGate.entry.${entry.status}`, { reason: en ? entry.reasonEn : entry.reason })}
        </dd>
      </dl>
      <p className="yy-gate-muted" data-testid="gate-ms">
        {t('visitorGate.verdict.ms', { ms: v.ms.toFixed(1) })}
      </p>
    </section>
  );
}

/** The scans of this session, newest first. */
function SessionScans({ scans, state }: { scans: Scan[]; state: GateState }) {
  const { t } = useTranslation();
  const en = currentLanguage() === 'en';
  const zone = state.bundle?.time_zone ?? 'Asia/Shanghai';
  const names = new Map(state.bundle?.areas.map((a) => [a.id, pick(a.resources_name, a.resources_name_en)]));
  return (
    <section className="yy-gate-card" aria-labelledby="yy-gate-session">
      <h2 id="yy-gate-session">{t('visitorGate.session.title')}</h2>
      {scans.length === 0 ? (
        <p className="yy-gate-muted">{t('visitorGate.session.empty')}</p>
      ) : (
        <ul className="yy-gate-scans">
          {scans.map((s) => {
            const entry = entryStatus(s, state);
            return (
              <li key={s.id} className={`is-${verdictTone(s.verdict)}`}>
                <span>{gateTime(s.at, zone).slice(11)}</span>
                <strong>{s.verdict.visitorName || '—'}</strong>
                <span className="yy-gate-wide">{en ? s.verdict.reason_en : s.verdict.reason_cn}</span>
                <span className="yy-gate-wide yy-gate-muted">
                  {names.get(s.place) ?? s.place} ·{' '}
                  {t(`visitorGate.entry.${entry.status}`, { reason: en ? entry.reasonEn : entry.reason })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * Gate verification on a guard's phone (`/visitor/accessControlScan`): choose the gate's area,
 * then scan passes with the camera, a hand-held scanner or a paste. Each pass is verified on the
 * phone (signature, window, area, revocations, repeat entry) within milliseconds, with or without
 * the network; an admitted one is queued and uploaded as soon as the phone is online.
 */
export default function GateScan() {
  const { t } = useTranslation();
  const themeColor = useOptionalSession()?.settings.theme_color;
  useDocumentTitle('visitorGate.title');
  const { gate, state, scan, scans, busy, scanError, forbidden } = useGate();
  const [place, choosePlace] = usePlace(state.bundle?.areas);
  const [manual, setManual] = useState('');
  const fieldId = useId();
  const last = scans[0];

  const verify = async (text: string) => {
    if (!text.trim() || !place || busy) return false;
    return (await scan(text, place)) !== null;
  };
  const camera = useGateCamera((text) => void verify(text));
  const scanning = camera.status === 'scanning' || camera.status === 'starting';
  const canScan = state.ready && !!state.bundle && !!place && !forbidden;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (await verify(manual)) setManual('');
  };

  const cameraProblem =
    camera.status === 'unsupported'
      ? t('visitorGate.scan.cameraUnsupported')
      : camera.status === 'denied'
        ? t('visitorGate.scan.cameraDenied')
        : camera.status === 'failed'
          ? t('visitorGate.scan.cameraFailed')
          : '';

  return (
    <ConfigProvider locale={currentLanguage() === 'en' ? enUS : zhCN}>
      <div
        className="yy-mobile yy-gate"
        style={{ ['--adm-color-primary' as string]: accessibleThemeColor(themeColor) }}
      >
        <main className="yy-gate-body">
          <h1 className="yy-gate-title">{t('visitorGate.title')}</h1>
          <GateStatus state={state} onSync={() => void gate.refreshAndSync()} />
          {forbidden && (
            <p className="yy-gate-warn" role="alert">
              {t('visitorGate.status.forbidden')}
            </p>
          )}
          {!state.ready ? (
            <p className="yy-gate-muted">{t('visitorGate.status.loading')}</p>
          ) : !state.bundle ? (
            !forbidden && (
              <p className="yy-gate-warn" role="alert">
                {t('visitorGate.status.noBundle')}
              </p>
            )
          ) : (
            <section className="yy-gate-card" aria-labelledby={`${fieldId}-place`}>
              <h2 id={`${fieldId}-place`}>{t('visitorGate.place.label')}</h2>
              {state.bundle.areas.length === 0 ? (
                <p className="yy-gate-muted">{t('visitorGate.place.none')}</p>
              ) : (
                <Selector
                  columns={2}
                  value={place ? [place] : []}
                  onChange={(v) => v[0] && choosePlace(v[0])}
                  options={state.bundle.areas.map((a) => ({
                    value: a.id,
                    label: pick(a.resources_name, a.resources_name_en),
                  }))}
                />
              )}
              {!place && state.bundle.areas.length > 0 && (
                <p className="yy-gate-muted">{t('visitorGate.place.choose')}</p>
              )}
            </section>
          )}

          {scanError != null && (
            <p className="yy-gate-warn" role="alert">
              {t('visitorGate.scan.failed', { reason: failureText(scanError, currentLanguage() === 'en') })}
            </p>
          )}
          {last && <Verdict key={last.id} scan={last} state={state} />}

          <section className="yy-gate-card" aria-labelledby={`${fieldId}-scan`}>
            <h2 id={`${fieldId}-scan`} className="yy-m-visually-hidden">
              {t('visitorGate.scan.camera')}
            </h2>
            <div className="yy-gate-video" hidden={!scanning}>
              <video ref={camera.videoRef} muted playsInline aria-label={t('visitorGate.scan.cameraView')} />
              <span className="yy-gate-video-hint">{t('visitorGate.scan.cameraHint')}</span>
            </div>
            {cameraProblem && (
              <p className="yy-gate-warn" role="alert">
                {cameraProblem}
              </p>
            )}
            {camera.status !== 'unsupported' &&
              (scanning ? (
                <Button block size="large" onClick={camera.stop}>
                  {t('visitorGate.scan.stopCamera')}
                </Button>
              ) : (
                <Button block size="large" color="primary" disabled={!canScan} onClick={() => void camera.start()}>
                  {t('visitorGate.scan.camera')}
                </Button>
              ))}
            <form className="yy-gate-manual" onSubmit={(e) => void submit(e)}>
              <label htmlFor={`${fieldId}-token`}>{t('visitorGate.scan.manualLabel')}</label>
              <Input
                id={`${fieldId}-token`}
                value={manual}
                onChange={setManual}
                placeholder={t('visitorGate.scan.manualPlaceholder')}
                disabled={!canScan}
                autoComplete="off"
                clearable
                maxLength={2000}
              />
              <Button block type="submit" color="primary" fill="outline" loading={busy} disabled={!canScan || !manual}>
                {t('visitorGate.scan.verify')}
              </Button>
            </form>
          </section>

          <SessionScans scans={scans} state={state} />
        </main>
      </div>
    </ConfigProvider>
  );
}
