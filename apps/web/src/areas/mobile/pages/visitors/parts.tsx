import { Input, TextArea } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrors } from '../../../../features/visitors/forms.ts';
import { visitStateView } from '../../../../features/visitors/states.ts';
import type { InfoField } from '../../../../features/visitors/types.ts';
import { pick } from '../../../../lib/i18n.ts';

/** The text of a form error, in the current language. */
export function useErrorText(errors: FormErrors, shown: boolean) {
  const { t } = useTranslation();
  return (name: string): string | undefined => {
    const e = shown ? errors[name] : undefined;
    return e ? t(e.key, e.values) : undefined;
  };
}

/** A labelled field with its error (read with the control: aria-describedby). */
export function Field({
  id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="yy-m-field">
      <label htmlFor={id} className={required ? 'yy-m-required' : undefined}>
        {label}
      </label>
      {children}
      {hint && <p className="yy-m-muted yy-v-hint">{hint}</p>}
      {error && (
        <p className="yy-m-error-text" role="alert" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A visit's state as words and an icon of its own (never colour alone). */
export function VisitStateTag({ state, ended }: { state: number | null | undefined; ended?: boolean }) {
  const { t } = useTranslation();
  const view = visitStateView(state, ended);
  return (
    <span className={`yy-v-state yy-v-state-${view.tone}`}>
      <svg viewBox="0 0 24 24" aria-hidden>
        <path d={view.icon} />
      </svg>
      {t(view.key)}
    </span>
  );
}

/** The label of an information field in the current language. */
export const infoLabel = (f: { field_name: string; field_label?: string | null; field_label_en?: string | null }) =>
  pick(f.field_label, f.field_label_en) || f.field_name;

/** One information field's control, by its type. */
export function InfoFieldInput({
  field,
  value,
  onChange,
  required,
  error,
}: {
  field: InfoField;
  value: string;
  onChange: (value: string) => void;
  required: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = `yy-v-info-${field.field_name}`;
  let control: ReactNode;
  switch (field.field_type) {
    case 'textarea':
      control = <TextArea id={id} value={value} onChange={onChange} rows={3} maxLength={500} />;
      break;
    case 'select':
      control = (
        <select id={id} className="yy-m-select" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('visitors.form.pick')}</option>
          {(field.data_range ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
      break;
    case 'date':
      control = (
        <input id={id} type="date" className="yy-m-input" value={value} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    default:
      control = (
        <Input
          id={id}
          value={value}
          onChange={onChange}
          clearable
          type={
            field.field_type === 'number'
              ? 'number'
              : field.field_type === 'email'
                ? 'email'
                : field.field_type === 'phone'
                  ? 'tel'
                  : 'text'
          }
        />
      );
  }
  return (
    <Field id={id} label={infoLabel(field)} required={required} error={error}>
      {control}
    </Field>
  );
}

/**
 * Said where a pass would be when QR passes are off (overall settings): no QR code, the gate
 * checks the visitor's name and ID document instead.
 */
export function NoQrPassNote() {
  const { t } = useTranslation();
  return (
    <p className="yy-v-note" role="note">
      <svg viewBox="0 0 24 24" aria-hidden>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="11" r="2" />
        <path d="M6 16c.6-1.5 1.7-2 3-2s2.4.5 3 2M14 10h4M14 13h3" />
      </svg>
      <span>{t('visitors.pass.noQr')}</span>
    </p>
  );
}
