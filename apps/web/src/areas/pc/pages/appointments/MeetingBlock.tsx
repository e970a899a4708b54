import { CalendarOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOptionalSession } from '../../../../app/session.tsx';
import { useAppointmentMeeting } from '../../../../features/meetings/api.ts';
import { icsUrl, joinable } from '../../../../features/meetings/rules.ts';
import type { MeetingState } from '../../../../features/meetings/types.ts';
import { runtimeConfig } from '../../../../lib/runtime-config.ts';

const COLOR: Record<MeetingState, string> = {
  pending: 'processing',
  scheduled: 'blue',
  started: 'green',
  ended: 'default',
  cancelled: 'default',
  failed: 'error',
};

/**
 * A booking's online meeting in its detail (desktop and back office): state, number, join link,
 * password, and the booking's calendar file. Nothing when the booking has no meeting.
 */
export function MeetingBlock({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  const token = useOptionalSession()?.token ?? null;
  const meeting = useAppointmentMeeting(appointmentId);
  const m = meeting.data;
  if (!m) return null;
  const hint = m.state === 'pending' || m.state === 'failed' ? t(`meeting.stateHint.${m.state}`) : null;
  return (
    <section className="yy-meeting-block" aria-label={t('meeting.title')} style={{ marginTop: 16 }}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        title={
          <Space>
            <VideoCameraOutlined aria-hidden />
            {t('meeting.title')}
          </Space>
        }
        extra={
          <Button
            size="small"
            icon={<CalendarOutlined aria-hidden />}
            href={icsUrl(runtimeConfig().basePath, appointmentId, token)}
            download={`booking-${appointmentId.slice(0, 8)}.ics`}
          >
            {t('meeting.ics')}
          </Button>
        }
        items={[
          {
            key: 'state',
            label: t('meeting.field.state'),
            children: <Tag color={COLOR[m.state] ?? 'default'}>{t(`meeting.state.${m.state}`)}</Tag>,
          },
          {
            key: 'provider',
            label: t('meeting.field.provider'),
            children: t(`meeting.provider.${m.provider}`, { defaultValue: m.provider }),
          },
          {
            key: 'code',
            label: t('meeting.field.code'),
            children: m.code ? (
              <Typography.Text copyable={{ tooltips: [t('meeting.copy'), t('meeting.copied')] }}>
                {m.code}
              </Typography.Text>
            ) : (
              '—'
            ),
          },
          {
            key: 'password',
            label: t('meeting.field.password'),
            children: m.password ? <Typography.Text copyable>{m.password}</Typography.Text> : t('meeting.noPassword'),
          },
          {
            key: 'link',
            label: t('meeting.field.link'),
            span: 2,
            children: joinable(m) ? (
              <Space wrap>
                <Button type="primary" size="small" href={m.join_url} target="_blank" rel="noreferrer">
                  {t('meeting.join')}
                </Button>
                <Typography.Text copyable={{ text: m.join_url }} type="secondary" ellipsis style={{ maxWidth: 360 }}>
                  {m.join_url.replace(/\?.*$/, '')}
                </Typography.Text>
              </Space>
            ) : (
              '—'
            ),
          },
        ]}
      />
      {hint ? (
        <Alert type={m.state === 'failed' ? 'warning' : 'info'} showIcon title={hint} style={{ marginTop: 8 }} />
      ) : null}
    </section>
  );
}
