import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR, bookingStatus } from '../../../../features/appointments-admin/status.ts';
import { BallotIcon } from '../../../../features/booking/Ballot.tsx';
import { bookingDate } from '../../../../features/booking/dates.ts';
import type { AdminAppointment } from '../../../../features/appointments-admin/types.ts';
import { pick } from '../../../../lib/i18n.ts';

/**
 * The booking's status tag (an entry in a ballot with the ballot's mark), and "approved" beside
 * it when it went through approval and passed.
 */
export function BookingStatusTags({ booking, now }: { booking: AdminAppointment; now: number }) {
  const { t } = useTranslation();
  const status = bookingStatus(booking, now);
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLOR[status]} icon={status === 'inBallot' ? <BallotIcon className="anticon" /> : undefined}>
        {t(`appointments.status.${status}`)}
      </Tag>
      {booking.audit_status === '2' ? <Tag color="green">{t('appointments.audit.2')}</Tag> : null}
    </Space>
  );
}

/** "Resource, date time, booked by X": how dialogs name a booking. */
export function bookingSummary(t: (key: string, o?: Record<string, unknown>) => string, a: AdminAppointment): string {
  return t('appointments.dialog.summary', {
    resource: pick(a.resources_name, a.resources_name_en),
    date: bookingDate(a.appointment_date),
    time: `${a.start_time}-${a.end_time}`,
    booker: a.appointment_user_name || a.appointment_user,
  });
}
