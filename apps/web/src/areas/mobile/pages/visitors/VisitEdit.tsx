import { Button, Input, Switch, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../features/booking/result.ts';
import { todayIso } from '../../../../features/booking/dates.ts';
import { useVisitorAvailableNumber } from '../../../../features/visitors/api/findVisitorAvailableNumber.ts';
import { useVisitorCategoryConfig } from '../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import { useUpdateVisitorAppointment } from '../../../../features/visitors/api/updateVisitorAppointment.ts';
import {
  MAX_PARTY,
  visitEditErrors,
  visitEditModel,
  visitEditValues,
  type VisitEditValues,
} from '../../../../features/visitors/forms.ts';
import type { Visit } from '../../../../features/visitors/types.ts';
import { LoadFailed, Loading } from '../../components/LoadState.tsx';
import { showToast } from '../../components/overlay.ts';
import { AreaPicker } from './AreaPicker.tsx';
import { Field, useErrorText } from './parts.tsx';

function Count({ id, value, onChange }: { id: string; value: number; onChange: (n: number) => void }) {
  return (
    <input
      id={id}
      className="yy-m-input"
      type="number"
      inputMode="numeric"
      min={0}
      max={MAX_PARTY}
      value={Number.isNaN(value) ? '' : value}
      onChange={(e) => onChange(e.target.value === '' ? 0 : Math.floor(Number(e.target.value)))}
    />
  );
}

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
        <>
          <Field id="yy-v-edit-date" label={t('visitors.form.date')} required error={err('in_school_date')}>
            <input
              id="yy-v-edit-date"
              type="date"
              className="yy-m-input"
              min={today}
              value={v.in_school_date}
              onChange={(e) => set({ in_school_date: e.target.value })}
            />
          </Field>
          <AreaPicker
            areas={areas}
            date={v.in_school_date}
            quota={quota}
            value={v.areas}
            onChange={(ids) => set({ areas: ids })}
            error={err('areas')}
          />
          <Field id="yy-v-edit-reason" label={t('visitors.form.reason')} required error={err('in_school_reason')}>
            <TextArea
              id="yy-v-edit-reason"
              value={v.in_school_reason}
              onChange={(x) => set({ in_school_reason: x })}
              rows={2}
              maxLength={200}
            />
          </Field>
        </>
      )}
      <div className="yy-v-two">
        <Field id="yy-v-edit-peers" label={t('visitors.form.peers')} error={err('peers')}>
          <Count id="yy-v-edit-peers" value={v.peers} onChange={(n) => set({ peers: n })} />
        </Field>
        <Field id="yy-v-edit-children" label={t('visitors.form.children')} error={err('in_child')}>
          <Count id="yy-v-edit-children" value={v.in_child} onChange={(n) => set({ in_child: n })} />
        </Field>
      </div>
      {!partyOnly && (
        <>
          <div className="yy-m-field yy-v-switch">
            <span className="yy-m-field-title" id="yy-v-edit-car-label">
              {t('visitors.form.car')}
            </span>
            <Switch aria-labelledby="yy-v-edit-car-label" checked={v.is_car} onChange={(on) => set({ is_car: on })} />
          </div>
          {v.is_car && (
            <>
              <Field id="yy-v-edit-plate" label={t('visitors.form.plate')} required error={err('car_card_number')}>
                <Input
                  id="yy-v-edit-plate"
                  value={v.car_card_number}
                  onChange={(x) => set({ car_card_number: x })}
                  maxLength={10}
                  clearable
                />
              </Field>
              <Field id="yy-v-edit-car-model" label={t('visitors.form.carModel')}>
                <Input
                  id="yy-v-edit-car-model"
                  value={v.car_product}
                  onChange={(x) => set({ car_product: x })}
                  maxLength={50}
                  clearable
                />
              </Field>
            </>
          )}
        </>
      )}
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
