import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { bookingDate } from '../../../../features/booking/dates.ts';
import { useAppointmentSignInfo } from '../../../../features/checkin/api/findAppointmentSignInfo.ts';
import { checkinPaths } from '../../../../features/checkin/paths.ts';
import type { SignDirection } from '../../../../features/checkin/types.ts';
import { useScanHandler } from '../../../../features/checkin/useScanHandler.ts';
import { pick } from '../../../../lib/i18n.ts';
import { PageNav } from '../../components/PageNav.tsx';
import { Segments } from '../../components/Segments.tsx';
import { ScanPanel } from './ScanPanel.tsx';
import '../booking/booking.css';
import './checkin.css';

interface Failure {
  message: string;
  venueId?: string;
}

/**
 * The booker's scanner (`/mobile/qrcode-scanner`, `?type=out` for check-out, `&id=` when opened
 * from a booking, which it then names): read the venue's
 * check-in QR code with the camera, from a picture, or typed/pasted, and check in (or out) the
 * booking there whose window is open now. Success goes to `/mobile/signed`; a refusal shows
 * the server's reason here.
 */
export default function QrcodeScanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const direction: SignDirection = params.get('type') === 'out' ? 'out' : 'in';
  const [failure, setFailure] = useState<Failure | null>(null);
  const scan = useScanHandler('booker');
  const forId = params.get('id') ?? '';
  // The server checks in the booking at the scanned venue whose window is open; naming the one
  // the user came from tells them which venue's code to scan.
  const forBooking = useAppointmentSignInfo(forId || null).data;

  const onText = async (text: string): Promise<boolean> => {
    if (scan.busy) return false;
    setFailure(null);
    const outcome = await scan.handle(text, direction);
    if (outcome.action === 'booking' && outcome.bookingId) {
      navigate(checkinPaths.checkAppointment(outcome.bookingId));
    } else if (outcome.ok) {
      navigate(outcome.bookingId ? checkinPaths.signed(outcome.bookingId, direction) : checkinPaths.myQrcode, {
        replace: true,
      });
    } else {
      setFailure({ message: outcome.message, venueId: outcome.venueId });
    }
    return outcome.ok;
  };

  const setDirection = (value: SignDirection) => {
    setFailure(null);
    setParams({ ...(value === 'out' ? { type: 'out' } : {}), ...(forId ? { id: forId } : {}) }, { replace: true });
  };

  return (
    <div className="yy-m-page">
      <PageNav
        title={t(direction === 'out' ? 'checkin.scanner.titleOut' : 'checkin.scanner.title')}
        fallback={checkinPaths.mobileHome}
      />
      <div className="yy-mc-segments">
        <Segments<SignDirection>
          label={t('checkin.scanner.direction')}
          value={direction}
          options={[
            { value: 'in', label: t('checkin.direction.in') },
            { value: 'out', label: t('checkin.direction.out') },
          ]}
          onChange={setDirection}
        />
      </div>
      {forBooking && (
        <p className="yy-mc-for" data-testid="scanner-for">
          {t('checkin.scannerFor', {
            what: `${pick(forBooking.resources_name, forBooking.resources_name_en)} ${bookingDate(forBooking.appointment_date)} ${forBooking.start_time}-${forBooking.end_time}`,
          })}
        </p>
      )}
      {failure && (
        <div className="yy-mc-result" role="alert">
          <strong>{t(direction === 'out' ? 'checkin.result.outFailed' : 'checkin.result.inFailed')}</strong>
          <span>{failure.message}</span>
          {failure.venueId && (
            <div className="yy-mc-result-actions">
              <Link to={checkinPaths.mobileVenue(failure.venueId)}>{t('checkin.scanner.openVenue')}</Link>
            </div>
          )}
        </div>
      )}
      <ScanPanel
        onText={onText}
        busy={scan.busy}
        cameraHint={t('checkin.scanner.cameraHint')}
        manualLabel={t('checkin.scanner.manualLabel')}
      />
      <section className="yy-m-card">
        <p className="yy-m-muted">{t('checkin.scanner.voucherHint')}</p>
        <Button
          size="small"
          fill="none"
          color="primary"
          onClick={() => navigate(checkinPaths.myQrcode)}
          style={{ paddingLeft: 0 }}
        >
          {t('checkin.scanner.myVouchers')}
        </Button>
      </section>
    </div>
  );
}
