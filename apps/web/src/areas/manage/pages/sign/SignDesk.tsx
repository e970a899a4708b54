import { CameraOutlined, CheckCircleFilled, CloseCircleFilled, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Input, Radio, Space, Table, Tag, Typography, type InputRef } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addScan, deskInput, type DeskScan } from '../../../../features/checkin-admin/desk.ts';
import { MAX_SCAN_LENGTH } from '../../../../features/checkin/codes.ts';
import { useQrCamera } from '../../../../features/checkin/camera.ts';
import {
  findAppointmentSignInfoQueryOptions,
  useAppointmentSignInfo,
} from '../../../../features/checkin/api/findAppointmentSignInfo.ts';
import { useScanAppointmentSignCode } from '../../../../features/checkin/api/scanAppointmentSignCode.ts';
import { shortWallTime } from '../../../../features/checkin/signs.ts';
import type { SignDirection } from '../../../../features/checkin/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';
import { signDate, signSummary } from './signText.ts';

/** The same text read again by the camera within this time is one scan. */
const CAMERA_REPEAT_MS = 4000;

const clock = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

/** The booking a scan checked in or out, as it is now. */
function ScannedBooking({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  const info = useAppointmentSignInfo(appointmentId);
  const s = info.data;
  if (info.isPending) return <Typography.Text type="secondary">{t('checkinAdmin.message.loading')}</Typography.Text>;
  if (!s) return info.error ? <Typography.Text type="danger">{errorText(info.error)}</Typography.Text> : null;
  const date = signDate(s.appointment_date);
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
      <Descriptions.Item label={t('checkinAdmin.field.booker')}>
        {s.appointment_user_name} ({s.appointment_user})
      </Descriptions.Item>
      <Descriptions.Item label={t('checkinAdmin.field.resource')}>
        {pick(s.resources_name, s.resources_name_en)}
      </Descriptions.Item>
      <Descriptions.Item label={t('checkinAdmin.field.when')}>
        {date} {s.start_time}-{s.end_time}
      </Descriptions.Item>
      <Descriptions.Item label={t('checkinAdmin.field.signIn')}>
        {s.sign_in_time ? shortWallTime(s.sign_in_time, date) : '—'}
      </Descriptions.Item>
      {s.sign_out_rule === '1' ? (
        <Descriptions.Item label={t('checkinAdmin.field.signOut')}>
          {s.sign_out_time ? shortWallTime(s.sign_out_time, date) : '—'}
        </Descriptions.Item>
      ) : null}
      {s.theme ? <Descriptions.Item label={t('checkinAdmin.field.theme')}>{s.theme}</Descriptions.Item> : null}
    </Descriptions>
  );
}

/**
 * The check-in desk: staff scan a booker's voucher (a USB scanner types the code and Enter
 * into the field; the camera or a typed code work too) to check the booking in or out. Each
 * scan says what happened, with the server's reason when refused; the last scans stay listed.
 */
export function SignDesk() {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<SignDirection>('in');
  const [text, setText] = useState('');
  const [log, setLog] = useState<DeskScan[]>([]);
  const inputRef = useRef<InputRef>(null);
  const lastCamera = useRef<{ text: string; at: number } | null>(null);
  const nextKey = useRef(1);
  const scan = useScanAppointmentSignCode();
  const queryClient = useQueryClient();
  const latest = log[0] ?? null;

  const record = useCallback((entry: Omit<DeskScan, 'key' | 'at'>) => {
    setLog((l) => addScan(l, { ...entry, key: nextKey.current++, at: Date.now() }));
  }, []);

  const submit = useCallback(
    async (raw: string) => {
      const read = deskInput(raw);
      if (!read.ok) {
        if (read.problem !== 'empty') {
          record({
            direction,
            ok: false,
            message: t(`checkinAdmin.desk.problem.${read.problem}`),
            appointmentId: null,
          });
        }
        return;
      }
      try {
        const result = await scan.mutateAsync({ code: read.code, direction });
        const id = result.appointmentId ?? null;
        // The log names the booking (the result panel shows it whole, from the same query).
        const info = id
          ? await queryClient.fetchQuery(findAppointmentSignInfoQueryOptions(id)).catch(() => null)
          : null;
        record({ direction, ok: true, message: info ? signSummary(t, info) : '', appointmentId: id });
      } catch (err) {
        record({ direction, ok: false, message: errorText(err), appointmentId: null });
      }
    },
    [direction, queryClient, record, scan, t],
  );

  const camera = useQrCamera((read) => {
    const now = Date.now();
    if (lastCamera.current && lastCamera.current.text === read && now - lastCamera.current.at < CAMERA_REPEAT_MS)
      return;
    lastCamera.current = { text: read, at: now };
    void submit(read);
  });
  const scanning = camera.status === 'scanning' || camera.status === 'starting';

  useEffect(() => {
    // After each scan the field is ready for the next one (a USB scanner types into it).
    if (!scan.isPending) inputRef.current?.focus();
  }, [scan.isPending, direction]);

  const send = () => {
    const value = text;
    setText('');
    void submit(value);
  };

  return (
    <div className="yy-signer-desk">
      <Card size="small" className="yy-signer-panel">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Radio.Group
            value={direction}
            onChange={(e) => setDirection(e.target.value as SignDirection)}
            optionType="button"
            buttonStyle="solid"
            aria-label={t('checkinAdmin.desk.direction')}
            options={[
              { value: 'in', label: t('checkinAdmin.desk.in') },
              { value: 'out', label: t('checkinAdmin.desk.out') },
            ]}
          />
          <div>
            <label htmlFor="yy-signer-code" className="yy-signer-label">
              {t('checkinAdmin.desk.codeLabel')}
            </label>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                id="yy-signer-code"
                ref={inputRef}
                size="large"
                autoFocus
                autoComplete="off"
                value={text}
                maxLength={MAX_SCAN_LENGTH}
                placeholder={t('checkinAdmin.desk.codePlaceholder')}
                onChange={(e) => setText(e.target.value)}
                onPressEnter={send}
                disabled={scan.isPending}
              />
              <Button size="large" type="primary" onClick={send} loading={scan.isPending}>
                {direction === 'in' ? t('checkinAdmin.desk.submitIn') : t('checkinAdmin.desk.submitOut')}
              </Button>
            </Space.Compact>
            <Typography.Text type="secondary" className="yy-signer-hint">
              {t('checkinAdmin.desk.hint')}
            </Typography.Text>
          </div>
          <div>
            {camera.status === 'unsupported' ? (
              <Typography.Text type="secondary">{t('checkinAdmin.desk.camera.unsupported')}</Typography.Text>
            ) : scanning ? (
              <Button icon={<StopOutlined />} onClick={camera.stop}>
                {t('checkinAdmin.desk.stopCamera')}
              </Button>
            ) : (
              <Button icon={<CameraOutlined />} onClick={() => void camera.start()}>
                {t('checkinAdmin.desk.startCamera')}
              </Button>
            )}
            {camera.status === 'denied' || camera.status === 'failed' ? (
              <Typography.Text type="danger" role="alert" className="yy-signer-hint">
                {t(`checkinAdmin.desk.camera.${camera.status}`)}
              </Typography.Text>
            ) : null}
            <div className="yy-signer-video" hidden={!scanning}>
              <video ref={camera.videoRef} muted playsInline aria-label={t('checkinAdmin.desk.cameraView')} />
            </div>
          </div>
        </Space>
      </Card>

      <Card size="small" className="yy-signer-panel" title={t('checkinAdmin.desk.resultTitle')}>
        <div aria-live="polite">
          {!latest ? (
            <Typography.Text type="secondary">{t('checkinAdmin.desk.waiting')}</Typography.Text>
          ) : latest.ok ? (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Alert
                type="success"
                showIcon
                title={latest.direction === 'in' ? t('checkinAdmin.desk.doneIn') : t('checkinAdmin.desk.doneOut')}
              />
              {latest.appointmentId ? <ScannedBooking appointmentId={latest.appointmentId} /> : null}
            </Space>
          ) : (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={latest.direction === 'in' ? t('checkinAdmin.desk.failedIn') : t('checkinAdmin.desk.failedOut')}
              description={latest.message}
            />
          )}
        </div>
      </Card>

      <Card size="small" className="yy-signer-log" title={t('checkinAdmin.desk.logTitle')}>
        <Table<DeskScan>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={log}
          locale={{ emptyText: t('checkinAdmin.desk.logEmpty') }}
          columns={[
            { key: 'at', title: t('checkinAdmin.desk.logTime'), width: 100, render: (_, s) => clock(s.at) },
            {
              key: 'direction',
              title: t('checkinAdmin.desk.direction'),
              width: 100,
              render: (_, s) => (s.direction === 'in' ? t('checkinAdmin.desk.in') : t('checkinAdmin.desk.out')),
            },
            {
              key: 'result',
              title: t('checkinAdmin.desk.logResult'),
              render: (_, s) => (
                <span className="yy-signer-log-result">
                  {s.ok ? (
                    <Tag icon={<CheckCircleFilled />} color="success">
                      {t('checkinAdmin.desk.logOk')}
                    </Tag>
                  ) : (
                    <Tag icon={<CloseCircleFilled />} color="error">
                      {t('checkinAdmin.desk.logRefused')}
                    </Tag>
                  )}
                  <span>{s.message}</span>
                </span>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
