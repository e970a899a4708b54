import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../features/booking/result.ts';
import { todayIso } from '../../../../features/booking/dates.ts';
import { useVisitorAvailableNumber } from '../../../../features/visitors/api/findVisitorAvailableNumber.ts';
import { useVisitorCategoryConfig } from '../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import { useUpdateVisitorAppointment } from '../../../../features/visitors/api/updateVisitorAppointment.ts';
import {
  visitEditErrors,
  visitEditModel,
  visitEditValues,
  type VisitEditValues,
} from '../../../../features/visitors/forms.ts';
import type { Visit } from '../../../../features/visitors/types.ts';
import { LoadFailed, Loading } from '../../components/LoadState.tsx';
import { showToast } from '../../components/overlay.ts';
import { useErrorText } from './parts.tsx';
import { CarFields, PartyFields, VisitWhenWhere } from './VisitFields.tsx';

/**
 * Changes a visit not yet approved (updateVisitorAppointment): date, areas, reason, party and car;
 * a booking's guest (visitor type '3') only the party (the booking fixes day and areas). A
 * refusal (quota or room full, no longer editable) is shown and nothing changes.
 */
export default function VisitEdit({ visit, onDone }: { visit: Visit; onDone: () => void }) {
  const { t } = useTranslation();
  const today = todayIso();
  const partyOnly = visit.visitor_type === '3';
  const config = useVisitorCategoryConfig(!partyOnly);
  const areas = config.data?.areas ?? [];
  const [v, setV] = useState<VisitEditValues>(() => visitEditValues(visit));
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateVisitorAppointment();
  const quota = useVisitorAvailableNumber(
    partyOnly ? '' : v.in_school_date,
    areas.map((a) => a.id),
    { peers: v.peers || 0, in_child: v.in_child || 0 },
  );
  const errors = visitEditErrors(v, today, partyOnly);
  const err = useErrorText(errors, submitted);
  const set = (patch: Partial<VisitEditValues>) => setV((x) => ({ ...x, ...patch }));

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) {
      requestAnimationFrame(() =>
        document.querySelector('.yy-v-edit .yy-m-error-text')?.scrollIntoView?.({ block: 'center' }),
      );
      return;
    }
    update.mutate(visitEditModel(visit.id, v, partyOnly), {
      onSuccess: () => {
        void showToast(t('visitors.edit.saved'), 'success');
        onDone();
      },
    });
  };

  if (!partyOnly && config.isPending) return <Loading />;
  if (!partyOnly && config.error) return <LoadFailed error={config.error} onRetry={() => void config.refetch()} />;

  return (
    <form
      className="yy-m-card yy-m-form yy-v-edit"
      noValidate
      aria-labelledby="yy-v-edit-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 id="yy-v-edit-title">{t('visitors.edit.title')}</h2>
      {!partyOnly && (
        <VisitWhenWhere prefix="edit-" today={today} value={v} onChange={set} areas={areas} quota={quota} err={err} />
      )}
      <PartyFields prefix="edit-" value={v} onChange={set} err={err} />
      {!partyOnly && <CarFields prefix="edit-" value={v} onChange={set} err={err} />}
      {update.error && (
        <p className="yy-m-error-text" role="alert">
          {errorText(update.error)}
        </p>
      )}
      <div className="yy-v-row-actions">
        <Button block disabled={update.isPending} onClick={onDone}>
          {t('visitors.edit.discard')}
        </Button>
        <Button block type="submit" color="primary" loading={update.isPending}>
          {t('visitors.edit.save')}
        </Button>
      </div>
    </form>
  );
}
