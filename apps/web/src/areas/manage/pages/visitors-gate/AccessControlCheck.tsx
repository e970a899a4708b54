import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Input, Select, Space, Table, Tag, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gateTime, minuteText, verdictTone, windowText } from '../../../../features/visitors/gate/display.ts';
import type { GateScan, GateState } from '../../../../features/visitors/gate/gate.ts';
import { entryStatus, failureText, useGate } from '../../../../features/visitors/gate/useGate.ts';
import { useGateCamera } from '../../../../features/visitors/gate/useGateCamera.ts';
import { usePlace } from '../../../../features/visitors/gate/usePlace.ts';
import { currentLanguage, pick } from '../../../../lib/i18n.ts';
import { TodayEntries } from '../visitors/records/TodayEntries.tsx';
import './access-control.css';

const TONE_ICON = { ok: CheckCircleFilled, warn: ExclamationCircleFilled, bad: CloseCircleFilled } as const;
/** The badge's colours: white text on them reads at WCAG AA (antd's light green and orange tags do not). */
const ONLINE_COLOR = '#237804';
const OFFLINE_COLOR = '#ad4e00';

/** The last verdict, large: colour, icon and words, then what the pass says. */
function Verdict({ scan, state }: { scan: GateScan; state: GateState }) {
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
  const items = [
    ...(v.visitorName ? [{ key: 'name', label: t('visitorGate.verdict.name'), children: v.visitorName }] : []),
    ...(v.kind
      ? [{ key: 'kind', label: t('visitorGate.verdict.kind'), children: t(`visitorGate.kind.${v.kind}`) }]
      : []),
    ...(v.serial
      ? [
          {
            key: 'areas',
            label: t('visitorGate.verdict.areas'),
            children: v.areas.length
              ? v.areas.map((a) => pick(a.resources_name, a.resources_name_en)).join('、')
              : t('visitorGate.verdict.allAreas'),
          },
          { key: 'window', label: t('visitorGate.verdict.window'), children: windowText(v, zone) },
        ]
      : []),
    ...(v.weekdays && v.startMinute !== null && v.endMinute !== null
      ? [
          {
            key: 'hours',
            label: t('visitorGate.verdict.hours'),
            children: `${v.weekdays.map((d) => t(`visitorGate.weekday.${d}`)).join(' ')} ${minuteText(v.startMinute)}–${minuteText(v.endMinute)}`,
          },
        ]
      : []),
    {
      key: 'entry',
      label: t('visitorGate.session.entry'),
      children: (
        <span data-testid="gate-entry" data-status={entry.status}>
          {t(`visitorGate.entry.${entry.status}`, { reason: en ? entry.reasonEn : entry.reason })}
        </span>
      ),
    },
  ];
  return (
    <section
      className={`yy-acc-verdict is-${tone}`}
      role={tone === 'bad' ? 'alert' : 'status'}
      data-testid="gate-verdict"
      data-result={v.result}
      data-scan={scan.id}
    >
      <div className="yy-acc-verdict-head">
        <Icon aria-hidden className="yy-acc-verdict-icon" />
        <div>
          <strong className="yy-acc-verdict-title">{title}</strong>
          <div className="yy-acc-verdict-reason">{en ? v.reason_en : v.reason_cn}</div>
        </div>
        <Typography.Text type="secondary" className="yy-acc-ms" data-testid="gate-ms">
          {t('visitorGate.verdict.ms', { ms: v.ms.toFixed(1) })}
        </Typography.Text>
      </div>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} items={items} style={{ marginTop: 12 }} />
    </section>
  );
}

/**
 * The desk's gate check (`/manage/accessControlCheck`): the same gate as the guard's phone, on a
 * desktop: choose the area, scan passes with a USB scanner (it types into the focused field), the
 * camera, or a paste; verified in the browser with or without the network; admitted entries queued
 * and uploaded; this session's scans listed.
 */
export default function AccessControlCheck() {
  const { t } = useTranslation();
  const en = currentLanguage() === 'en';
  const { gate, state, scan, scans, busy, scanError, forbidden } = useGate();
  const [place, choosePlace] = usePlace(state.bundle?.areas);
  const [manual, setManual] = useState('');
  const inputRef = useRef<InputRef>(null);
  const zone = state.bundle?.time_zone ?? 'Asia/Shanghai';
  const names = new Map(state.bundle?.areas.map((a) => [a.id, pick(a.resources_name, a.resources_name_en)]));
  const canScan = state.ready && !!state.bundle && !!place && !forbidden;

  const verify = async (text: string) => {
    if (!text.trim() || !place || busy) return false;
    return (await scan(text, place)) !== null;
  };
  const camera = useGateCamera((text) => void verify(text));
  const scanning = camera.status === 'scanning' || camera.status === 'starting';

  // A USB scanner types into the focused field: keep it focused once a place is chosen.
  useEffect(() => {
    if (canScan) inputRef.current?.focus();
  }, [canScan]);

  const submit = async () => {
    if (await verify(manual)) setManual('');
    inputRef.current?.focus();
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
    <Card title={t('visitorGate.title')} className="yy-acc">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div className="yy-acc-status">
          <Tag color={state.online ? ONLINE_COLOR : OFFLINE_COLOR} role="status" data-testid="gate-online">
            {state.online ? t('visitorGate.status.online') : t('visitorGate.status.offline')}
          </Tag>
          <span data-testid="gate-queued">{t('visitorGate.status.queued', { count: state.queued })}</span>
          <Typography.Text type="secondary" data-testid="gate-last-sync">
            {state.lastSync
              ? t('visitorGate.status.lastSync', { time: gateTime(state.lastSync, zone) })
              : t('visitorGate.status.neverSynced')}
            {state.bundle && ` · ${t('visitorGate.status.bundle', { time: gateTime(state.bundle.fetched_at, zone) })}`}
          </Typography.Text>
          <Button
            size="small"
            loading={state.syncing}
            disabled={!state.online}
            onClick={() => void gate.refreshAndSync()}
          >
            {t('visitorGate.status.syncNow')}
          </Button>
        </div>
        {forbidden && <Alert type="error" showIcon title={t('visitorGate.status.forbidden')} />}
        {state.syncError != null && state.queued > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('visitorGate.status.syncFailed', { reason: failureText(state.syncError, en) })}
          />
        )}
        {state.bundleError != null && state.online && !forbidden && (
          <Alert
            type="warning"
            showIcon
            title={t('visitorGate.status.bundleFailed', { reason: failureText(state.bundleError, en) })}
          />
        )}
        {state.storageFailed && <Alert type="warning" showIcon title={t('visitorGate.status.storageFailed')} />}
        {state.ready && !state.bundle && !forbidden && (
          <Alert type="error" showIcon title={t('visitorGate.status.noBundle')} />
        )}

        <div className="yy-acc-form">
          <label htmlFor="yy-acc-place">{t('visitorGate.place.label')}</label>
          <Select
            id="yy-acc-place"
            style={{ minWidth: 240 }}
            value={place || undefined}
            placeholder={t('visitorGate.place.placeholder')}
            onChange={(v: string) => choosePlace(v)}
            notFoundContent={t('visitorGate.place.none')}
            options={(state.bundle?.areas ?? []).map((a) => ({
              value: a.id,
              label: pick(a.resources_name, a.resources_name_en),
            }))}
          />
          <label htmlFor="yy-acc-token">{t('visitorGate.scan.manualLabel')}</label>
          <Space.Compact style={{ flex: 1, minWidth: 280 }}>
            <Input
              id="yy-acc-token"
              ref={inputRef}
              value={manual}
              onChange={(e) => setManual(e.target.value)}
              onPressEnter={() => void submit()}
              placeholder={t('visitorGate.scan.manualPlaceholder')}
              disabled={!canScan}
              autoComplete="off"
              allowClear
              maxLength={2000}
            />
            <Button type="primary" loading={busy} disabled={!canScan || !manual} onClick={() => void submit()}>
              {t('visitorGate.scan.verify')}
            </Button>
          </Space.Compact>
          {camera.status !== 'unsupported' &&
            (scanning ? (
              <Button onClick={camera.stop}>{t('visitorGate.scan.stopCamera')}</Button>
            ) : (
              <Button disabled={!canScan} onClick={() => void camera.start()}>
                {t('visitorGate.scan.camera')}
              </Button>
            ))}
        </div>
        {state.bundle && !place && <Typography.Text type="secondary">{t('visitorGate.place.choose')}</Typography.Text>}
        {cameraProblem && camera.status !== 'unsupported' && <Alert type="warning" showIcon title={cameraProblem} />}
        <div className="yy-acc-video" hidden={!scanning}>
          <video ref={camera.videoRef} muted playsInline aria-label={t('visitorGate.scan.cameraView')} />
        </div>

        {scanError != null && (
          <Alert type="error" showIcon title={t('visitorGate.scan.failed', { reason: failureText(scanError, en) })} />
        )}
        {scans[0] && <Verdict key={scans[0].id} scan={scans[0]} state={state} />}

        <Table<GateScan>
          size="small"
          rowKey="id"
          title={() => <strong>{t('visitorGate.session.title')}</strong>}
          locale={{ emptyText: t('visitorGate.session.empty') }}
          dataSource={scans}
          pagination={false}
          columns={[
            { key: 'time', title: t('visitorGate.session.time'), render: (_, s) => gateTime(s.at, zone), width: 160 },
            { key: 'name', title: t('visitorGate.verdict.name'), render: (_, s) => s.verdict.visitorName || '—' },
            {
              key: 'result',
              title: t('visitorGate.session.result'),
              render: (_, s) => {
                const tone = verdictTone(s.verdict);
                const Icon = TONE_ICON[tone];
                return (
                  <span className={`yy-acc-result is-${tone}`}>
                    <Icon aria-hidden /> {en ? s.verdict.reason_en : s.verdict.reason_cn}
                  </span>
                );
              },
            },
            { key: 'place', title: t('visitorGate.session.place'), render: (_, s) => names.get(s.place) ?? s.place },
            {
              key: 'entry',
              title: t('visitorGate.session.entry'),
              render: (_, s) => {
                const entry = entryStatus(s, state);
                return t(`visitorGate.entry.${entry.status}`, { reason: en ? entry.reasonEn : entry.reason });
              },
            },
          ]}
        />
        <TodayEntries place={place} refreshKey={scans.length + state.queued + (state.lastSync ?? 0)} />
      </Space>
    </Card>
  );
}
