import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BallotTag } from '../../../../../features/booking/Ballot.tsx';
import type { BallotEntryForSelf } from '../../../../../features/booking/ballot.ts';
import { bookingDate } from '../../../../../features/booking/dates.ts';
import { STATUS_TAG_COLOR, bookingStatus } from '../../../../../features/booking/status.ts';
import type { Appointment } from '../../../../../features/booking/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { mobilePaths } from '../../../paths.ts';

/** One booking of a list: resource, status, date and time, theme; a ballot entry's state or outcome. */
export function AppointmentCard({
  appointment: a,
  tab,
  now,
  ballot,
}: {
  appointment: Appointment;
  tab: string;
  now: number;
  ballot?: BallotEntryForSelf;
}) {
  const { t } = useTranslation();
  const status = bookingStatus(a, now, ballot);
  return (
    <Link to={mobilePaths.appointmentDetail(tab, a.id)} className="yy-m-appt">
      <div className="yy-m-appt-head">
        <span className="yy-m-appt-name">{pick(a.resources_name, a.resources_name_en)}</span>
        <Tag color={STATUS_TAG_COLOR[status]} fill="outline">
          {t(`booking.status.${status}`)}
        </Tag>
      </div>
      <div className="yy-m-appt-when">
        {bookingDate(a.appointment_date)} {a.start_time}-{a.end_time}
        {a.booking_mode !== '1' && a.booking_mode
          ? ` · ${t(`booking.mode.${a.booking_mode === '2' ? 'periodic' : 'batch'}`)}`
          : ''}
      </div>
      {ballot && (
        <div className="yy-m-appt-ballot">
          <BallotTag entry={ballot} />
        </div>
      )}
      {(a.theme || a.resources_type_name) && (
        <div className="yy-m-appt-theme">
          {[pick(a.resources_type_name, a.resources_type_name_en), a.theme].filter(Boolean).join(' · ')}
        </div>
      )}
    </Link>
  );
}
