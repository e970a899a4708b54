import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignDirection } from '../../../../features/checkin/types.ts';
import { useScanHandler, type ScanOutcome } from '../../../../features/checkin/useScanHandler.ts';
import { BookingById } from './BookingPanel.tsx';
import { ScanInput } from './ScanInput.tsx';
import { ScanOutcomeAlert } from './ScanOutcomeAlert.tsx';
import './signer.css';

/** Scans kept in the desk's list. */
const HISTORY = 10;

interface Entry extends ScanOutcome {
  at: Date;
  key: number;
}

/**
 * Check-in/out desk (`/pc/signer`, spec 2.2): a USB scanner (keyboard input ending in Enter),
 * a paste or a picture. A venue's check-in code checks the signed-in user in or out; a booker's
 * voucher is a staff scan of that booking (for the venue's administrators). Each outcome shows
 * with its reason, the booking concerned below it, and the last scans in a list.
 */
export default function Signer() {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<SignDirection>('in');
  const scan = useScanHandler('desk');
  const [history, setHistory] = useState<Entry[]>([]);
  const last = history[0];

  const onText = async (text: string): Promise<boolean> => {
    const outcome = await scan.handle(text, direction);
    if (outcome.action === 'refuse' && !text.trim()) return false;
    setHistory((h) => [{ ...outcome, at: new Date(), key: (h[0]?.key ?? 0) + 1 }, ...h].slice(0, HISTORY));
    // A scanner's next code must not be appended to this one.
    return true;
  };

  return (
    <div>
      <h1 className="yy-pc-signer-title">{t('route.pc.signer')}</h1>
      <Typography.Text type="secondary">{t('checkin.desk.intro')}</Typography.Text>
      <div className="yy-pc-signer-grid">
        <div className="yy-pc-signer-stack">
          <Card title={t('checkin.desk.scanTitle')}>
            <ScanInput
              direction={direction}
              onDirection={setDirection}
              onText={onText}
              busy={scan.busy}
              label={t('checkin.desk.label')}
            />
          </Card>
          <Card title={t('checkin.desk.history')}>
            {history.length ? (
              <ul className="yy-pc-signer-history">
                {history.map((h) => (
                  <li key={h.key} className={h.ok ? '' : 'is-failed'}>
                    <time dateTime={h.at.toISOString()}>{h.at.toLocaleTimeString()}</time>
                    <span>
                      {t(h.direction === 'out' ? 'checkin.direction.out' : 'checkin.direction.in')} · {h.message}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <Typography.Text type="secondary">{t('checkin.desk.noHistory')}</Typography.Text>
            )}
          </Card>
        </div>
        <div className="yy-pc-signer-stack" aria-live="polite">
          {last ? (
            <>
              <ScanOutcomeAlert outcome={last} />
              {last.bookingId && (
                <BookingById key={`${last.key}-${last.bookingId}`} id={last.bookingId} marks={last.action !== 'self'} />
              )}
            </>
          ) : (
            <Card>
              <Typography.Text type="secondary">{t('checkin.desk.waiting')}</Typography.Text>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}
