import { Button, Skeleton, Tag } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAppointmentApprovalTasks } from '../../../../../features/appointments-admin/api/findAppointmentApprovalTasks.ts';
import { cancelAppointmentSeries } from '../../../../../features/booking/api/cancelAppointmentSeries.ts';
import { checkAppointmentCancelTime } from '../../../../../features/booking/api/checkAppointmentCancelTime.ts';
import { deleteAppointmentInformation } from '../../../../../features/booking/api/deleteAppointmentInformation.ts';
import { useAppointment } from '../../../../../features/booking/api/findAppointmentInformationAllForAccount.ts';
import { terminateAppointment } from '../../../../../features/booking/api/terminateAppointment.ts';
import { cancelAppointment } from '../../../../../features/booking/api/updateAppointmentInformationState.ts';
import { useBallotEntriesForSelf } from '../../../../../features/booking/api/findBallotEntriesForSelf.ts';
import { BallotResult } from '../../../../../features/booking/Ballot.tsx';
import { bookingDate } from '../../../../../features/booking/dates.ts';
import { errorText } from '../../../../../features/booking/result.ts';
import {
  STATUS_TAG_COLOR,
  appointmentActions,
  bookingStatus,
  isAppointmentTab,
} from '../../../../../features/booking/status.ts';
import { bookingKeys } from '../../../../../features/booking/keys.ts';
import { type Appointment } from '../../../../../features/booking/types.ts';
import { pick, withTexts } from '../../../../../lib/i18n.ts';
import { ensureVisitorsTranslations } from '../../../../../features/visitors/i18n.ts';
import { isOpen } from '../../../../../features/appointments-admin/status.ts';
import { useSession } from '../../../../../app/session.tsx';
import { useAttachmentHref } from '../../../../../app/useFileUrl.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Empty, LoadFailed } from '../../../components/LoadState.tsx';
import { showAlert, showConfirm, showToast } from '../../../components/overlay.ts';
import { PageNav } from '../../../components/PageNav.tsx';
import { EvaluateEntry } from '../../evaluations/EvaluateEntry.tsx';
import { VoucherQr } from '../../../../../features/checkin/components/VoucherQr.tsx';
import { mobilePaths } from '../../../paths.ts';
import { SignTab } from './SignTab.tsx';
import { MeetingCard } from './MeetingCard.tsx';

import '../booking.css';

const CancelDialog = lazy(() => import('./CancelDialog.tsx'));
// the booking's visitors (issue 17), with the visitor texts, for its booker while it is open
const BookingGuests = lazy(() => withTexts(import('../../visitors/BookingGuests.tsx'), ensureVisitorsTranslations()));

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Details({ a }: { a: Appointment }) {
  const { t } = useTranslation();
  const participants = a.appointmentParticipantList ?? [];
  const collected = a.appointmentCollectionList ?? [];
  const attachment = useAttachmentHref(a.enclosure);
  return (
    <dl className="yy-m-info">
      <Row label={t('booking.detail.resource')}>{pick(a.resources_name, a.resources_name_en)}</Row>
      <Row label={t('booking.detail.type')}>{pick(a.resources_type_name, a.resources_type_name_en)}</Row>
      <Row label={t('booking.detail.date')}>{bookingDate(a.appointment_date)}</Row>
      <Row label={t('booking.detail.time')}>{`${a.start_time}-${a.end_time}`}</Row>
      <Row label={t('booking.detail.mode')}>
        {t(`booking.mode.${a.booking_mode === '2' ? 'periodic' : a.booking_mode === '3' ? 'batch' : 'normal'}`)}
      </Row>
      <Row label={t('booking.detail.number')}>{a.id}</Row>
      <Row label={t('booking.form.theme')}>{pick(a.theme, a.theme_en)}</Row>
      <Row label={t('booking.detail.booker')}>
        {[a.appointment_user_name, a.appointment_user].filter(Boolean).join(' / ')}
      </Row>
      <Row label={t('booking.detail.unit')}>{pick(a.dept_name, a.dept_name_en)}</Row>
      <Row label={t('booking.form.phone')}>{a.phone}</Row>
      <Row label={t('booking.form.email')}>{a.email}</Row>
      <Row label={t('booking.form.participants')}>
        {participants.length
          ? participants.map((p) => [p.participant_name, p.mobile].filter(Boolean).join(' ')).join('、')
          : ''}
      </Row>
      <Row label={t('booking.form.attachment')}>
        {attachment ? (
          <a href={attachment} target="_blank" rel="noreferrer">
            {a.enclosure_name || t('booking.detail.download')}
          </a>
        ) : (
          a.enclosure
        )}
      </Row>
      {collected.map((c) => (
        <Row key={c.field_name} label={pick(c.field_desc_cn, c.field_desc_en) || c.field_name}>
          {c.field_value}
        </Row>
      ))}
      <Row label={t('booking.form.remark')}>{a.remark}</Row>
      <Row label={t('booking.detail.created')}>{a.create_time}</Row>
      <Row label={t('booking.detail.cancelReason')}>{a.cancel_reason}</Row>
      <Row label={t('booking.detail.cancelTime')}>{a.cancel_time}</Row>
    </dl>
  );
}

/** The approval steps of a booking that went through approval. */
function Progress({ id }: { id: string }) {
  const { t } = useTranslation();
  const tasks = useAppointmentApprovalTasks(id);
  if (tasks.isPending) return <Skeleton.Paragraph lineCount={2} animated />;
  if (tasks.error) return <LoadFailed error={tasks.error} onRetry={() => void tasks.refetch()} />;
  const list = tasks.data ?? [];
  if (!list.length) return <p className="yy-m-muted">{t('booking.detail.noProgress')}</p>;
  return (
    <ul className="yy-m-tasks">
      {list.map((task) => (
        <li key={task.id}>
          <strong>{pick(task.task_name, task.task_name_en)}</strong> · {pick(task.status_name, task.status_name_en)}
          {task.operator_name && <div className="yy-m-muted">{task.operator_name}</div>}
          {task.handle_time && <div className="yy-m-muted">{task.handle_time}</div>}
          {task.reason && <div className="yy-m-muted">{task.reason}</div>}
        </li>
      ))}
    </ul>
  );
}

type Sheet = null | { kind: 'one' } | { kind: 'series' };

type CheckinTab = 'voucher' | 'sign';

/** The check-in card (spec 2.6): the voucher staff scan, or the user scans the venue's code. */
function CheckinCard({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<CheckinTab>('voucher');
  const tabs: CheckinTab[] = ['voucher', 'sign'];
  return (
    <section className="yy-m-card yy-m-checkin-card">
      <div className="yy-m-appt-tabs" role="tablist" aria-label={t('booking.detail.checkin')}>
        {tabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`yy-m-checkin-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="yy-m-checkin-panel"
            className={tab === key ? 'yy-m-tab yy-m-tab-on' : 'yy-m-tab'}
            onClick={() => setTab(key)}
          >
            {t(key === 'voucher' ? 'booking.detail.voucher' : 'booking.detail.signTab')}
          </button>
        ))}
      </div>
      <div id="yy-m-checkin-panel" role="tabpanel" aria-labelledby={`yy-m-checkin-tab-${tab}`}>
        {tab === 'voucher' ? <VoucherQr appointmentId={appointmentId} /> : <SignTab appointmentId={appointmentId} />}
      </div>
    </section>
  );
}

/**
 * Booking detail (`/mobile/appointmentDetail/{type}/{id}`): status and every field, the voucher
 * and scan sign-in/out tabs, approval progress, and what the booker may do: cancel it or the rest of its series (reason required;
 * the cancel window is checked first), change the time, terminate an application, delete a
 * finished record, book again.
 */
export default function AppointmentDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { type, id } = useParams();
  const { account } = useSession();
  const query = useAppointment(id);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [checking, setChecking] = useState(false);
  const a = query.data;
  // the ballot side of a booking that came through one (winners included): its outcome
  const ballot = useBallotEntriesForSelf(a ? [a.id] : []).data?.get(a?.id ?? '');
  const tab = isAppointmentTab(type) ? type : 'reserved';
  const now = Date.now();

  const done = async (message: string) => {
    setSheet(null);
    void showToast(message, 'success');
    await client.invalidateQueries({ queryKey: bookingKeys.all });
  };

  const startCancel = async () => {
    if (!a) return;
    setChecking(true);
    try {
      await checkAppointmentCancelTime(a.id);
      setSheet({ kind: 'one' });
    } catch (err) {
      void showAlert({ title: t('booking.cancel.notNow'), content: errorText(err), confirmText: t('booking.ok') });
    } finally {
      setChecking(false);
    }
  };

  const confirmAction = (title: string, run: () => Promise<{ msg: string; msg_en: string }>, after?: () => void) =>
    showConfirm({
      title,
      confirmText: t('booking.ok'),
      cancelText: t('booking.cancel.keep'),
      onConfirm: async () => {
        try {
          const r = await run();
          void showToast(pick(r.msg, r.msg_en) || t('booking.done'), 'success');
          await client.invalidateQueries({ queryKey: bookingKeys.all });
          after?.();
        } catch (err) {
          void showAlert({ content: errorText(err), confirmText: t('booking.ok') });
        }
      },
    });

  let body;
  if (query.isPending) {
    body = (
      <div className="yy-m-card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  } else if (query.error) {
    body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!a) {
    body = <Empty title={t('booking.detail.notFound')} />;
  } else {
    const status = bookingStatus(a, now, ballot);
    const can = appointmentActions(a, now);
    body = (
      <>
        <section className="yy-m-card">
          <div className="yy-m-detail-status">
            <h1>{pick(a.resources_name, a.resources_name_en)}</h1>
            <Tag color={STATUS_TAG_COLOR[status]}>{t(`booking.status.${status}`)}</Tag>
          </div>
          <p className="yy-m-muted" style={{ marginTop: 6 }}>
            {bookingDate(a.appointment_date)} {a.start_time}-{a.end_time}
          </p>
        </section>
        {ballot && (
          <div className="yy-m-card">
            <BallotResult entry={ballot} />
          </div>
        )}
        <section className="yy-m-card" aria-labelledby="yy-m-detail-info">
          <h2 id="yy-m-detail-info">{t('booking.detail.info')}</h2>
          <Details a={a} />
        </section>
        <MeetingCard appointmentId={a.id} />
        {(status === 'upcoming' || status === 'performed' || status === 'ended') && (
          <CheckinCard appointmentId={a.id} />
        )}
        {a.audit_status !== '0' && !ballot && (
          <section className="yy-m-card" aria-labelledby="yy-m-detail-progress">
            <h2 id="yy-m-detail-progress">{t('booking.detail.progress')}</h2>
            <Progress id={a.id} />
          </section>
        )}
        {a.appointment_user === account && isOpen(a, now) && (
          <Suspense fallback={null}>
            <BookingGuests bookingId={a.id} />
          </Suspense>
        )}
        <div className="yy-m-actions">
          {can.cancel && (
            <Button color="danger" fill="outline" loading={checking} onClick={() => void startCancel()}>
              {t('booking.cancel.one')}
            </Button>
          )}
          {can.cancelSeries && (
            <Button color="danger" fill="outline" onClick={() => setSheet({ kind: 'series' })}>
              {t('booking.cancel.series')}
            </Button>
          )}
          {can.changeTime && (
            <Button
              color="primary"
              fill="outline"
              onClick={() => navigate(mobilePaths.chooseAnotherTime(a.resources_id, a.id))}
            >
              {t('booking.detail.changeTime')}
            </Button>
          )}
          {can.terminate && (
            <Button
              fill="outline"
              onClick={() =>
                void confirmAction(t('booking.detail.terminateConfirm'), () => terminateAppointment({ id: a.id }))
              }
            >
              {t('booking.detail.terminate')}
            </Button>
          )}
          {can.remove && (
            <Button
              fill="outline"
              onClick={() =>
                void confirmAction(
                  t('booking.detail.deleteConfirm'),
                  () => deleteAppointmentInformation(a.id),
                  () => navigate(mobilePaths.myAppointmentTab(tab), { replace: true }),
                )
              }
            >
              {t('booking.detail.delete')}
            </Button>
          )}
          <EvaluateEntry appointment={a} />
          <Button color="primary" onClick={() => navigate(mobilePaths.venueDetail(a.resources_id))}>
            {t('booking.detail.bookAgain')}
          </Button>
        </div>
        <Suspense fallback={null}>
          {sheet?.kind === 'one' && (
            <CancelDialog
              title={t('booking.cancel.oneTitle')}
              hint={`${pick(a.resources_name, a.resources_name_en)} ${bookingDate(a.appointment_date)} ${a.start_time}-${a.end_time}`}
              onClose={() => setSheet(null)}
              onConfirm={async (reason) => {
                await cancelAppointment({ id: a.id, reason });
                await done(t('booking.cancel.cancelled'));
              }}
            />
          )}
          {sheet?.kind === 'series' && (
            <CancelDialog
              title={t('booking.cancel.seriesTitle')}
              hint={t('booking.cancel.seriesHint')}
              onClose={() => setSheet(null)}
              onConfirm={async (reason) => {
                const r = await cancelAppointmentSeries({ seriesId: a.series_id, reason });
                await done(pick(r.msg, r.msg_en) || t('booking.cancel.cancelled'));
              }}
            />
          )}
        </Suspense>
      </>
    );
  }

  return (
    <div className="yy-m-page">
      <PageNav title={t('route.mobile.appointmentDetail')} fallback={mobilePaths.myAppointmentTab(tab)} />
      {body}
    </div>
  );
}
