import { Button } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../../features/booking/result.ts';
import { useCancelVisitorAppointment } from '../../../../features/visitors/api/cancelVisitorAppointment.ts';
import { useVisitorSwitches } from '../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import { useSaveVisitorAppointment } from '../../../../features/visitors/api/saveVisitorAppointment.ts';
import {
  guestErrors,
  guestModel,
  useBookingGuests,
  type GuestValues,
} from '../../../../features/visitors/bookingGuests.ts';
import type { Visit } from '../../../../features/visitors/types.ts';
import { LoadFailed, Loading } from '../../components/LoadState.tsx';
import { showToast } from '../../components/overlay.ts';
import { visitorPaths } from './paths.ts';
import { NoQrPassNote, VisitStateTag, useErrorText } from './parts.tsx';
import './visitors.css';

const ReasonSheet = lazy(() => import('./ReasonSheet.tsx'));

/**
 * "Visitors" of a booking's detail, for its booker while the booking is active: the guests
 * added (state, pass unless QR passes are off, cancel) and a form adding one (name and mobile); their passes hold the
 * booking's window and building, and they count toward the room's capacity (the server says
 * when it is full).
 */
export default function BookingGuests({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const guests = useBookingGuests(bookingId);
  const { qrPasses } = useVisitorSwitches();
  const save = useSaveVisitorAppointment();
  const cancel = useCancelVisitorAppointment();
  const [v, setV] = useState<GuestValues>({ visitor_name: '', phone: '' });
  const [submitted, setSubmitted] = useState(false);
  const [cancelling, setCancelling] = useState<Visit | null>(null);
  const errors = guestErrors(v);
  const err = useErrorText(errors, submitted);

  const add = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    save.mutate(guestModel(bookingId, v), {
      onSuccess: () => {
        void showToast(t('visitors.guests.added'), 'success');
        setSubmitted(false);
        setV({ visitor_name: '', phone: '' });
      },
    });
  };

  return (
    <section className="yy-m-card yy-v-page yy-v-booking-guests" aria-labelledby="yy-v-guests-title">
      <h2 id="yy-v-guests-title">{t('visitors.guests.title')}</h2>
      <p className="yy-m-muted yy-v-hint">{t('visitors.guests.hint')}</p>
      {qrPasses === false && <NoQrPassNote />}
      {guests.isPending ? (
        <Loading />
      ) : guests.error ? (
        <LoadFailed error={guests.error} onRetry={() => void guests.refetch()} />
      ) : !guests.data.length ? (
        <p className="yy-m-muted">{t('visitors.guests.none')}</p>
      ) : (
        <ul className="yy-v-list" aria-labelledby="yy-v-guests-title">
          {guests.data.map((g) => (
            <li key={g.id} className="yy-v-item yy-v-guest-item">
              <div className="yy-v-item-head">
                <strong>{g.visitor_name}</strong>
                <VisitStateTag state={g.state} />
              </div>
              {g.phone && <div className="yy-m-muted">{g.phone}</div>}
              <div className="yy-v-row-actions">
                {g.state === 2 && qrPasses === true && (
                  <Button
                    size="small"
                    color="primary"
                    fill="outline"
                    aria-label={t('visitors.guests.passOf', { name: g.visitor_name ?? '' })}
                    onClick={() => navigate(visitorPaths.qrcode(g.id))}
                  >
                    {t('visitors.guests.pass')}
                  </Button>
                )}
                {g.can_cancel && (
                  <Button
                    size="small"
                    fill="outline"
                    aria-label={t('visitors.guests.cancelOf', { name: g.visitor_name ?? '' })}
                    onClick={() => setCancelling(g)}
                  >
                    {t('visitors.guests.cancel')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        className="yy-v-guest-form"
        noValidate
        aria-label={t('visitors.guests.add')}
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <div className="yy-v-guest">
          <div>
            <input
              className="yy-m-input"
              aria-label={t('visitors.invite.name')}
              placeholder={t('visitors.invite.name')}
              value={v.visitor_name}
              maxLength={50}
              onChange={(e) => setV((x) => ({ ...x, visitor_name: e.target.value }))}
            />
            {err('visitor_name') && (
              <p className="yy-m-error-text" role="alert">
                {err('visitor_name')}
              </p>
            )}
          </div>
          <div>
            <input
              className="yy-m-input"
              type="tel"
              aria-label={t('visitors.invite.phone')}
              placeholder={t('visitors.invite.phone')}
              value={v.phone}
              maxLength={20}
              onChange={(e) => setV((x) => ({ ...x, phone: e.target.value }))}
            />
            {err('phone') && (
              <p className="yy-m-error-text" role="alert">
                {err('phone')}
              </p>
            )}
          </div>
        </div>
        {save.error && (
          <p className="yy-m-error-text" role="alert">
            {errorText(save.error)}
          </p>
        )}
        <Button block type="submit" color="primary" fill="outline" loading={save.isPending}>
          {t('visitors.guests.add')}
        </Button>
      </form>
      <Suspense fallback={null}>
        {cancelling && (
          <ReasonSheet
            title={t('visitors.guests.cancelTitle', { name: cancelling.visitor_name ?? '' })}
            label={t('visitors.detail.cancelReason')}
            confirmText={t('visitors.guests.cancel')}
            onClose={() => setCancelling(null)}
            onConfirm={async (reason) => {
              await cancel.mutateAsync({ id: cancelling.id, reason });
              setCancelling(null);
              void showToast(t('visitors.guests.cancelled'), 'success');
            }}
          />
        )}
      </Suspense>
    </section>
  );
}
