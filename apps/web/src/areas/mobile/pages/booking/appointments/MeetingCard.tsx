import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useOptionalSession } from '../../../../../app/session.tsx';
import { useAppointmentMeeting } from '../../../../../features/meetings/api.ts';
import { icsUrl, joinable } from '../../../../../features/meetings/rules.ts';
import type { MeetingState } from '../../../../../features/meetings/types.ts';
import { runtimeConfig } from '../../../../../lib/runtime-config.ts';
import './meeting.css';

const COLOR: Record<MeetingState, string> = {
  pending: 'primary',
  scheduled: 'primary',
  started: 'success',
  ended: 'default',
  cancelled: 'default',
  failed: 'danger',
};

/**
 * A booking's online meeting on the phone (the booking detail): state, number, join link,
 * password, and the booking's calendar file. Nothing when the booking has no meeting.
 */
export function MeetingCard({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  const token = useOptionalSession()?.token ?? null;
  const meeting = useAppointmentMeeting(appointmentId);
  const m = meeting.data;
  if (!m) return null;
  const hint = m.state === 'pending' || m.state === 'failed' ? t(`meeting.stateHint.${m.state}`) : null;
  return (
    <section className="yy-m-card yy-m-meeting" aria-labelledby="yy-m-detail-meeting">
      <div className="yy-m-detail-status">
        <h2 id="yy-m-detail-meeting">{t('meeting.title')}</h2>
        <Tag color={COLOR[m.state] ?? 'default'} fill="outline">
          {t(`meeting.state.${m.state}`)}
        </Tag>
      </div>
      {hint ? <p className="yy-m-muted">{hint}</p> : null}
      <dl className="yy-m-info">
        <dt>{t('meeting.field.provider')}</dt>
        <dd>{t(`meeting.provider.${m.provider}`, { defaultValue: m.provider })}</dd>
        {m.code ? (
          <>
            <dt>{t('meeting.field.code')}</dt>
            <dd className="yy-m-meeting-code">{m.code}</dd>
          </>
        ) : null}
        {m.code ? (
          <>
            <dt>{t('meeting.field.password')}</dt>
            <dd>{m.password || t('meeting.noPassword')}</dd>
          </>
        ) : null}
        {joinable(m) ? (
          <>
            <dt>{t('meeting.field.link')}</dt>
            <dd className="yy-m-meeting-link">{m.join_url.replace(/\?.*$/, '')}</dd>
          </>
        ) : null}
      </dl>
      <div className="yy-m-actions">
        {joinable(m) ? (
          <Button
            color="primary"
            block
            onClick={() => {
              window.open(m.join_url, '_blank', 'noopener,noreferrer');
            }}
          >
            {t('meeting.join')}
          </Button>
        ) : null}
        <a
          className="adm-button adm-button-default adm-button-block adm-button-shape-default"
          href={icsUrl(runtimeConfig().basePath, appointmentId, token)}
          download={`booking-${appointmentId.slice(0, 8)}.ics`}
        >
          {t('meeting.ics')}
        </a>
      </div>
    </section>
  );
}
