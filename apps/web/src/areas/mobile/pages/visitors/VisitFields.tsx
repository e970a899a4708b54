import { Input, Switch, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MAX_PARTY } from '../../../../features/visitors/forms.ts';
import type { AvailableNumber, VisitorArea } from '../../../../features/visitors/types.ts';
import { AreaPicker } from './AreaPicker.tsx';
import { Field } from './parts.tsx';

/*
 * The fields a visit is made of, shared by the visitor's application, the host's invitation and
 * the change of a visit. `prefix` keeps each form's element ids apart (`yy-v-<prefix>date`).
 */

type ErrorOf = (name: string) => string | undefined;

/** A count of people (peers, children): a whole number from 0 to MAX_PARTY. */
function CountInput({ id, value, onChange }: { id: string; value: number; onChange: (n: number) => void }) {
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

interface When {
  in_school_date: string;
  areas: string[];
  in_school_reason: string;
}

/** Date (today or later), the areas with their quota for the party, and the reason. */
export function VisitWhenWhere({
  prefix,
  today,
  value,
  onChange,
  areas,
  quota,
  err,
}: {
  prefix: string;
  today: string;
  value: When;
  onChange: (patch: Partial<When>) => void;
  areas: VisitorArea[];
  quota: { data: AvailableNumber[] | undefined; error: unknown };
  err: ErrorOf;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field id={`yy-v-${prefix}date`} label={t('visitors.form.date')} required error={err('in_school_date')}>
        <input
          id={`yy-v-${prefix}date`}
          type="date"
          className="yy-m-input"
          min={today}
          value={value.in_school_date}
          onChange={(e) => onChange({ in_school_date: e.target.value })}
        />
      </Field>
      <AreaPicker
        areas={areas}
        date={value.in_school_date}
        quota={quota}
        value={value.areas}
        onChange={(ids) => onChange({ areas: ids })}
        error={err('areas')}
      />
      <Field id={`yy-v-${prefix}reason`} label={t('visitors.form.reason')} required error={err('in_school_reason')}>
        <TextArea
          id={`yy-v-${prefix}reason`}
          value={value.in_school_reason}
          onChange={(x) => onChange({ in_school_reason: x })}
          rows={2}
          maxLength={200}
        />
      </Field>
    </>
  );
}

interface Party {
  peers: number;
  in_child: number;
}

/** How many peers and children come along. */
export function PartyFields({
  prefix,
  value,
  onChange,
  err,
}: {
  prefix: string;
  value: Party;
  onChange: (patch: Partial<Party>) => void;
  err: ErrorOf;
}) {
  const { t } = useTranslation();
  return (
    <div className="yy-v-two">
      <Field id={`yy-v-${prefix}peers`} label={t('visitors.form.peers')} error={err('peers')}>
        <CountInput id={`yy-v-${prefix}peers`} value={value.peers} onChange={(n) => onChange({ peers: n })} />
      </Field>
      <Field id={`yy-v-${prefix}children`} label={t('visitors.form.children')} error={err('in_child')}>
        <CountInput id={`yy-v-${prefix}children`} value={value.in_child} onChange={(n) => onChange({ in_child: n })} />
      </Field>
    </div>
  );
}

interface Car {
  is_car: boolean;
  car_card_number: string;
  car_product: string;
}

/** Whether the visitor comes by car, and then its plate (required) and model. */
export function CarFields({
  prefix,
  value,
  onChange,
  err,
}: {
  prefix: string;
  value: Car;
  onChange: (patch: Partial<Car>) => void;
  err: ErrorOf;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="yy-m-field yy-v-switch">
        <span className="yy-m-field-title" id={`yy-v-${prefix}car-label`}>
          {t('visitors.form.car')}
        </span>
        <Switch
          aria-labelledby={`yy-v-${prefix}car-label`}
          checked={value.is_car}
          onChange={(on) => onChange({ is_car: on })}
        />
      </div>
      {value.is_car && (
        <>
          <Field id={`yy-v-${prefix}plate`} label={t('visitors.form.plate')} required error={err('car_card_number')}>
            <Input
              id={`yy-v-${prefix}plate`}
              value={value.car_card_number}
              onChange={(x) => onChange({ car_card_number: x })}
              maxLength={10}
              clearable
            />
          </Field>
          <Field id={`yy-v-${prefix}car-model`} label={t('visitors.form.carModel')}>
            <Input
              id={`yy-v-${prefix}car-model`}
              value={value.car_product}
              onChange={(x) => onChange({ car_product: x })}
              maxLength={50}
              clearable
            />
          </Field>
        </>
      )}
    </>
  );
}
