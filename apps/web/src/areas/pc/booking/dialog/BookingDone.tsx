import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IN_BALLOT, type BallotDateInfo } from '../../../../features/booking/ballot.ts';
import { BallotIcon } from '../../../../features/booking/Ballot.tsx';
import type { SaveResult } from '../../../../features/booking/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { pcPaths } from '../../paths.ts';
import type { TimeSelection } from '../bookingRequest.ts';
import type { ResourceForBooking } from '../resourceForBooking.ts';

/**
 * What the dialog shows once the server accepted: entered in the ballot (drawn when its window
 * closes), or booked / submitted for approval, with the count of a series and the resource's
 * success prompt; both lead to the user's bookings or close.
 */
export function BookingDone({
  result,
  selection,
  ballot,
  resource,
  timeText,
  onClose,
}: {
  result: SaveResult;
  selection: TimeSelection | null;
  ballot: BallotDateInfo | null | undefined;
  resource: ResourceForBooking;
  timeText: (sel: TimeSelection) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const extra = [
    <Button key="mine" type="primary" onClick={() => navigate(pcPaths.myAppointment)}>
      {t('pcBooking.done.toMine')}
    </Button>,
    <Button key="close" onClick={onClose}>
      {t('pcBooking.done.close')}
    </Button>,
  ];

  if (result.auditStatus === IN_BALLOT) {
    const closesAt = ballot?.closes_at ?? '';
    return (
      <Result
        status="info"
        icon={<BallotIcon className="yy-ballot-result-icon" />}
        title={closesAt ? t('booking.ballot.enteredAt', { time: closesAt.slice(0, 16) }) : t('booking.ballot.entered')}
        subTitle={
          <>
            {selection ? <div>{timeText(selection)}</div> : null}
            <div>{t('booking.ballot.enterHint')}</div>
          </>
        }
        extra={extra}
      />
    );
  }

  const booked = result.ids?.length ?? 0;
  const awaiting = result.auditStatus === '1';
  const prompt = pick(resource.success_prompt, resource.success_prompt_en);
  return (
    <Result
      status="success"
      title={t(awaiting ? 'pcBooking.done.submitted' : 'pcBooking.done.booked')}
      subTitle={
        <>
          {selection && selection.mode !== 'normal' ? (
            <div>{t('pcBooking.done.seriesCount', { n: booked })}</div>
          ) : null}
          {awaiting ? <div>{t('pcBooking.done.awaiting')}</div> : null}
          {prompt ? <div>{prompt}</div> : null}
        </>
      }
      extra={extra}
    />
  );
}
