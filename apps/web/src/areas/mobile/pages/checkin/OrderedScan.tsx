import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBookableResource } from '../../../../features/booking/api/findResources.ts';
import { useAppointmentSignInfo } from '../../../../features/checkin/api/findAppointmentSignInfo.ts';
import { checkinPaths } from '../../../../features/checkin/paths.ts';
import type { SignDirection } from '../../../../features/checkin/types.ts';
import { useScanHandler, type ScanOutcome } from '../../../../features/checkin/useScanHandler.ts';
import { pick } from '../../../../lib/i18n.ts';
import { LoadFailed } from '../../components/LoadState.tsx';
import { PageNav } from '../../components/PageNav.tsx';
import { Segments } from '../../components/Segments.tsx';
import { BookingCard } from './BookingCard.tsx';
import { ScanPanel } from './ScanPanel.tsx';
import '../booking/booking.css';
import './checkin.css';

/** The scanned booking: its record, and the markings. */
function ScannedBooking({ id, resourceId }: { id: string; resourceId: string }) {
  const { t } = useTranslation();
  const query = useAppointmentSignInfo(id);
  if (query.isPending) {
    return (
      <div className="yy-m-card">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (query.error || !query.data) {
    return <LoadFailed error={query.error ?? t('checkin.info.notFound')} onRetry={() => void query.refetch()} />;
  }
  const sign = query.data;
  return (
    <>
      {sign.resources_id !== resourceId && (
        <p className="yy-mc-result" role="note">
          {t('checkin.staff.otherResource', { name: pick(sign.resources_name, sign.resources_name_en) })}
        </p>
      )}
      <BookingCard sign={sign} marks />
    </>
  );
}

/**
 * Staff scan (`/mobile/ordered/scan/{resourceId}`): read a booker's voucher (camera, picture or
 * typed) to check the booking in or out; the outcome with its reason, then the booking with
 * its check-in record, to mark it honoured or missed with a note. A booking check link shows
 * that booking.
 */
export default function OrderedScan() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const resource = useBookableResource(id);
  const [direction, setDirection] = useState<SignDirection>('in');
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const scan = useScanHandler('staff');

  const onText = async (text: string): Promise<boolean> => {
    if (scan.busy) return false;
    setOutcome(null);
    const result = await scan.handle(text, direction);
    setOutcome(result);
    // A voucher that was read (even refused) is done with: the field is cleared for the next.
    return result.ok || result.bookingId !== null;
  };

  const name = resource.data ? pick(resource.data.resources_name, resource.data.resources_name_en) : '';
  return (
    <div className="yy-m-page">
      <PageNav title={t('checkin.staff.title')} fallback={checkinPaths.orderedResource(id)} />
      {name && (
        <p className="yy-m-muted" style={{ margin: '10px 12px 0' }}>
          {t('checkin.staff.forResource', { name })}
        </p>
      )}
      <div className="yy-mc-segments">
        <Segments<SignDirection>
          label={t('checkin.scanner.direction')}
          value={direction}
          options={[
            { value: 'in', label: t('checkin.direction.in') },
            { value: 'out', label: t('checkin.direction.out') },
          ]}
          onChange={(v) => {
            setDirection(v);
            setOutcome(null);
          }}
        />
      </div>
      {outcome && (
        <div className={`yy-mc-result${outcome.ok ? ' is-ok' : ''}`} role={outcome.ok ? 'status' : 'alert'}>
          <strong>
            {outcome.ok
              ? outcome.message
              : t(direction === 'out' ? 'checkin.result.outFailed' : 'checkin.result.inFailed')}
          </strong>
          {!outcome.ok && <span>{outcome.message}</span>}
        </div>
      )}
      {outcome?.bookingId && <ScannedBooking key={outcome.bookingId} id={outcome.bookingId} resourceId={id} />}
      <ScanPanel
        onText={onText}
        busy={scan.busy}
        cameraHint={t('checkin.staff.cameraHint')}
        manualLabel={t('checkin.staff.manualLabel')}
      />
    </div>
  );
}
