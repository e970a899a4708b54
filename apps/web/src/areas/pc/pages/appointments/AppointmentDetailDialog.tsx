import { Button, Descriptions, Modal, Space, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.tsx';
import type { Appointment } from '../../../../features/booking/types.ts';
import { evaluateAction } from '../../../../features/evaluations/form.ts';
import { pick, withTexts } from '../../../../lib/i18n.ts';
import { useAttachmentHref } from '../../../../app/useFileUrl.ts';
import { SignInfo } from '../../../../features/checkin/components/SignInfo.tsx';
import { VoucherQr } from '../../../../features/checkin/components/VoucherQr.tsx';
import { bookingDate, isoWeekday } from '../../../../features/booking/dates.ts';
import { useBallotEntriesForSelf } from '../../../../features/booking/api/findBallotEntriesForSelf.ts';
import { BallotResult } from '../../../../features/booking/Ballot.tsx';
import { STATUS_COLOR, appointmentActions, bookingStatus, modeKey } from '../../booking/appointmentStatus.ts';
import { isOpen } from '../../../../features/appointments-admin/status.ts';
import { ensureVisitorsTranslations } from '../../../../features/visitors/i18n.ts';
import { MeetingBlock } from './MeetingBlock.tsx';

// the booking's visitors (issue 17), with the visitor texts, for its booker while it is open
const BookingGuestsPanel = lazy(() => withTexts(import('./BookingGuestsPanel.tsx'), ensureVisitorsTranslations()));

/** The appointment detail dialog (spec 2.6): every field the booking carries, and its actions. */
export function AppointmentDetailDialog({
  appointment: a,
  onClose,
  onCancel,
  onChangeTime,
  onEvaluate,
}: {
  appointment: Appointment;
  onClose: () => void;
  onCancel: (a: Appointment) => void;
  onChangeTime: (a: Appointment) => void;
  /** Opens the comment dialog (performed bookings of the user). */
  onEvaluate?: (a: Appointment) => void;
}) {
  const { t } = useTranslation();
  const { account } = useSession();
  const evaluate = onEvaluate ? evaluateAction(a, account) : null;
  const can = appointmentActions(a, Date.now());
  const date = bookingDate(a.appointment_date);
  const sep = t('pcBooking.listSeparator');
  const attachment = useAttachmentHref(a.enclosure);
  // the ballot side of a booking that came through one (winners included): its outcome
  const ballot = useBallotEntriesForSelf([a.id]).data?.get(a.id);
  const status = bookingStatus(a, Date.now(), ballot);
  const participants = (a.appointmentParticipantList ?? [])
    .map((p) => [p.participant_name, p.participant_dept_name].filter(Boolean).join(' / '))
    .filter(Boolean);
  return (
    <Modal
      open
      title={t('pcBooking.mine.detailTitle')}
      onCancel={onClose}
      width={720}
      footer={
        <Space>
          {evaluate ? (
            <Button onClick={() => onEvaluate?.(a)}>
              {t(evaluate === 'evaluate' ? 'evaluations.evaluate' : 'evaluations.view')}
            </Button>
          ) : null}
          {can.changeTime ? <Button onClick={() => onChangeTime(a)}>{t('pcBooking.mine.changeTime')}</Button> : null}
          {can.cancel ? (
            <Button danger onClick={() => onCancel(a)}>
              {t('pcBooking.mine.cancel')}
            </Button>
          ) : null}
          <Button type="primary" onClick={onClose}>
            {t('pcBooking.close')}
          </Button>
        </Space>
      }
    >
      {ballot ? <BallotResult entry={ballot} /> : null}
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('pcBooking.mine.flowNo')} span={2}>
          {a.flow_no || a.id}
        </Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.mine.resource')}>
          {pick(a.resources_name, a.resources_name_en)}
        </Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.mine.type')}>
          {pick(a.resources_type_name, a.resources_type_name_en) || '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.mine.time')} span={2}>
          {`${date} ${t(`pcBooking.weekday.${isoWeekday(date)}`)} ${a.start_time}–${a.end_time}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.mine.status')}>
          <Tag color={STATUS_COLOR[status]}>{t(`pcBooking.status.${status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.mine.mode')}>{t(modeKey(a))}</Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.form.theme')} span={2}>
          {pick(a.theme, a.theme_en) || '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.mine.booker')}>
          {[a.appointment_user_name, a.appointment_user].filter(Boolean).join(' / ')}
        </Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.mine.dept')}>
          {pick(a.dept_name, a.dept_name_en) || '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.form.phone')}>{a.phone || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.form.email')}>{a.email || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.form.participants')} span={2}>
          {participants.join(sep) || '-'}
        </Descriptions.Item>
        {a.enclosure ? (
          <Descriptions.Item label={t('pcBooking.form.attachment')} span={2}>
            {attachment ? (
              <a href={attachment} target="_blank" rel="noreferrer">
                {a.enclosure_name || a.enclosure}
              </a>
            ) : (
              a.enclosure
            )}
          </Descriptions.Item>
        ) : null}
        {a.remark ? (
          <Descriptions.Item label={t('pcBooking.form.remark')} span={2}>
            {a.remark}
          </Descriptions.Item>
        ) : null}
        {(a.appointmentCollectionList ?? []).map((c) => (
          <Descriptions.Item
            key={c.id ?? c.field_name}
            label={pick(c.field_desc_cn, c.field_desc_en) || c.field_name}
            span={2}
          >
            {c.field_value}
          </Descriptions.Item>
        ))}
        {a.state === '1' ? (
          <Descriptions.Item label={t('pcBooking.mine.cancelReason')} span={2}>
            {[a.cancel_reason, a.cancel_time].filter(Boolean).join(' · ') || '-'}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('pcBooking.mine.created')} span={2}>
          {a.create_time}
        </Descriptions.Item>
      </Descriptions>
      <MeetingBlock appointmentId={a.id} />
      {(status === 'upcoming' || status === 'performed' || status === 'ended') && (
        <div className="yy-pc-voucher">
          <VoucherQr appointmentId={a.id} />
          <SignInfo appointmentId={a.id} />
        </div>
      )}
      {a.appointment_user === account && isOpen(a, Date.now()) && (
        <Suspense fallback={null}>
          <BookingGuestsPanel bookingId={a.id} />
        </Suspense>
      )}
    </Modal>
  );
}
