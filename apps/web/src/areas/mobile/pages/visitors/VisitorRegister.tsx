import { Button, Input, Result, Switch } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { errorText } from '../../../../features/booking/result.ts';
import { signIn } from '../../../../features/auth/auth.ts';
import { tenantKeyOf } from '../../../../features/public-booking/view.ts';
import { useRegisterFieldListForPublic } from '../../../../features/visitors/api/findRegisterFieldListForPublic.ts';
import { useVisitorPublicSettings } from '../../../../features/visitors/api/findVisitorPublicSettings.ts';
import { useRegisterAccountForPublic } from '../../../../features/visitors/api/registerAccountForPublic.ts';
import {
  isMobile,
  normalisePhone,
  registrationErrors,
  registrationModel,
  shownRegisterFields,
  type RegistrationValues,
} from '../../../../features/visitors/forms.ts';
import { VISITOR_HOME } from '../../../../features/visitors/role.ts';
import type { RegisterField } from '../../../../features/visitors/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { LoadFailed, Loading } from '../../components/LoadState.tsx';
import { OpenFrame as Frame } from './OpenFrame.tsx';
import { Field, useErrorText } from './parts.tsx';
import { VisitorReset } from './VisitorReset.tsx';
import { CodeButton, CodeStatus, useOneTimeCode } from './CodeSender.tsx';
import '../booking/booking.css';
import './visitors.css';

/** The register page in its password reset mode, for the tenant of `tenantKey`. */
export const resetPath = (tenantKey: string) =>
  `/mobile/visitor/register?${new URLSearchParams({ ...(tenantKey ? { tenantKey } : {}), mode: 'reset' })}`;

/** The label of a registration field: the administrator's, else ours. */
function useFieldLabel() {
  const { t } = useTranslation();
  return (f: RegisterField) =>
    pick(f.field_label, f.field_label_en) || t(`visitors.register.field.${f.field_name}`, f.field_name);
}

/**
 * Visitor registration without sign-in (`/mobile/visitor/register?tenantKey=`): the fields the
 * tenant's administrator shows and requires, the phone proved by a one-time code, a password.
 * Registered, the visitor signs in at the sign-in page with the phone and the password.
 * `&mode=reset`: a registered visitor's forgotten password (VisitorReset).
 */
export default function VisitorRegister() {
  const location = useLocation();
  const tenantKey = tenantKeyOf(location.search);
  return new URLSearchParams(location.search).get('mode') === 'reset' ? (
    <VisitorReset tenantKey={tenantKey} />
  ) : (
    <Registration tenantKey={tenantKey} />
  );
}

/** The registration form. */
function Registration({ tenantKey }: { tenantKey: string }) {
  const { t } = useTranslation();
  const settings = useVisitorPublicSettings(tenantKey);
  const fieldsQuery = useRegisterFieldListForPublic(tenantKey);
  const fields = useMemo(() => shownRegisterFields(fieldsQuery.data ?? []), [fieldsQuery.data]);
  const label = useFieldLabel();
  const [values, setValues] = useState<RegistrationValues>({ card_type: '1', is_car: '0' });
  const [submitted, setSubmitted] = useState(false);
  // a code asked for a wrong number shows that number's problem alone
  const [phoneTried, setPhoneTried] = useState(false);
  const code = useOneTimeCode(tenantKey);
  const register = useRegisterAccountForPublic();
  const errors = registrationErrors(fields, values);
  const shownErr = useErrorText(errors, submitted);
  const phoneErr = useErrorText(errors, phoneTried);
  const err = (name: string) => shownErr(name) ?? (name === 'phone' ? phoneErr(name) : undefined);
  const set = (patch: RegistrationValues) => setValues((v) => ({ ...v, ...patch }));
  const phoneOk = isMobile(values.phone ?? '');

  const sendCode = () => {
    if (!phoneOk) {
      setPhoneTried(true);
      return;
    }
    code.request(normalisePhone(values.phone ?? ''));
  };

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) {
      requestAnimationFrame(() =>
        document.querySelector('.yy-m-field .yy-m-error-text')?.scrollIntoView?.({ block: 'center' }),
      );
      return;
    }
    register.mutate({ model: registrationModel(fields, values), tenantKey });
  };

  const s = settings.data;
  const title = (s && (s.sys_name || s.tenant_name)) || t('route.mobile.visitorRegister');

  if (register.isSuccess) {
    return (
      <Frame>
        <Result status="success" title={t('visitors.register.done')} description={t('visitors.register.doneHint')} />
        <div className="yy-v-actions">
          <Button block color="primary" onClick={() => void signIn(VISITOR_HOME)}>
            {t('visitors.register.signIn')}
          </Button>
        </div>
      </Frame>
    );
  }

  const control = (f: RegisterField) => {
    const id = `yy-v-reg-${f.field_name}`;
    const required = f.is_required === 1 || f.field_name === 'phone' || f.field_name === 'password';
    const describedBy = err(f.field_name) ? `${id}-error` : undefined;
    // a field with choices (person_type: the tenant's person types) is a select; without, typed freely
    if (f.options?.length)
      return (
        <Field key={f.id} id={id} label={label(f)} required={required} error={err(f.field_name)}>
          <select
            id={id}
            className="yy-m-select"
            value={values[f.field_name] ?? ''}
            onChange={(e) => set({ [f.field_name]: e.target.value })}
          >
            <option value="">{t('visitors.form.pick')}</option>
            {f.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </Field>
      );
    switch (f.field_name) {
      case 'phone':
        return (
          <div key={f.id}>
            <Field id={id} label={label(f)} required error={err('phone')}>
              <div className="yy-v-code-row">
                <Input
                  id={id}
                  type="tel"
                  autoComplete="tel"
                  value={values.phone ?? ''}
                  onChange={(v) => set({ phone: v })}
                  maxLength={20}
                  aria-describedby={describedBy}
                  clearable
                />
                <CodeButton code={code} onClick={sendCode} />
              </div>
            </Field>
            <CodeStatus code={code} sentText={t('visitors.register.codeSent')} />
            <Field id="yy-v-reg-code" label={t('visitors.register.code')} required error={err('verification_code')}>
              <Input
                id="yy-v-reg-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={values.verification_code ?? ''}
                onChange={(v) => set({ verification_code: v.replace(/\D/g, '').slice(0, 6) })}
                maxLength={6}
              />
            </Field>
          </div>
        );
      case 'password':
        return (
          <div key={f.id}>
            <Field id={id} label={label(f)} required error={err('password')} hint={t('visitors.register.passwordRule')}>
              <Input
                id={id}
                type="password"
                autoComplete="new-password"
                value={values.password ?? ''}
                onChange={(v) => set({ password: v })}
                maxLength={64}
              />
            </Field>
            <Field
              id="yy-v-reg-confirm"
              label={t('visitors.register.confirm')}
              required
              error={err('password_confirm')}
            >
              <Input
                id="yy-v-reg-confirm"
                type="password"
                autoComplete="new-password"
                value={values.password_confirm ?? ''}
                onChange={(v) => set({ password_confirm: v })}
                maxLength={64}
              />
            </Field>
          </div>
        );
      case 'card_type':
      case 'gender':
        return (
          <Field key={f.id} id={id} label={label(f)} required={required} error={err(f.field_name)}>
            <select
              id={id}
              className="yy-m-select"
              value={values[f.field_name] ?? ''}
              onChange={(e) => set({ [f.field_name]: e.target.value })}
            >
              {f.field_name === 'gender' && <option value="">{t('visitors.form.pick')}</option>}
              {(f.field_name === 'card_type' ? ['1', '2', '3'] : ['1', '2']).map((o) => (
                <option key={o} value={o}>
                  {t(`visitors.register.${f.field_name === 'card_type' ? 'cardType' : 'gender'}.${o}`)}
                </option>
              ))}
            </select>
          </Field>
        );
      case 'is_car':
        return (
          <div key={f.id} className="yy-m-field yy-v-switch">
            <span className="yy-m-field-title" id={id}>
              {label(f)}
            </span>
            <Switch
              aria-labelledby={id}
              checked={values.is_car === '1'}
              onChange={(on) => set({ is_car: on ? '1' : '0' })}
            />
          </div>
        );
      default:
        // the car's fields show when coming by car
        if ((f.field_name === 'car_product' || f.field_name === 'car_card_number') && values.is_car !== '1')
          return null;
        return (
          <Field
            key={f.id}
            id={id}
            label={label(f)}
            required={required || f.field_name === 'car_card_number'}
            error={err(f.field_name)}
          >
            {f.field_name === 'remark' ? (
              <textarea
                id={id}
                className="yy-m-input"
                rows={3}
                maxLength={500}
                value={values.remark ?? ''}
                onChange={(e) => set({ remark: e.target.value })}
              />
            ) : (
              <Input
                id={id}
                type={f.field_name === 'email' ? 'email' : 'text'}
                value={values[f.field_name] ?? ''}
                onChange={(v) => set({ [f.field_name]: v })}
                maxLength={100}
                aria-describedby={describedBy}
                clearable
              />
            )}
          </Field>
        );
    }
  };

  return (
    <Frame>
      <header className="yy-v-header">
        {s?.banner_img && <img className="yy-v-banner" src={s.banner_img} alt="" />}
        <h1>{title}</h1>
        <p className="yy-m-muted">{t('visitors.register.intro')}</p>
      </header>
      {fieldsQuery.isPending ? (
        <Loading />
      ) : fieldsQuery.error ? (
        <LoadFailed error={fieldsQuery.error} onRetry={() => void fieldsQuery.refetch()} />
      ) : (
        <form
          className="yy-m-card yy-m-form"
          noValidate
          aria-label={t('route.mobile.visitorRegister')}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {fields.map(control)}
          {register.error && (
            <p className="yy-m-error-text" role="alert">
              {errorText(register.error)}
            </p>
          )}
          <Button block type="submit" color="primary" loading={register.isPending}>
            {t('visitors.register.submit')}
          </Button>
          <p className="yy-m-muted yy-v-hint">
            {t('visitors.register.haveAccount')}{' '}
            <button type="button" className="yy-v-link" onClick={() => void signIn(VISITOR_HOME)}>
              {t('visitors.register.signIn')}
            </button>
          </p>
          <p className="yy-m-muted yy-v-hint">
            <Link to={resetPath(tenantKey)}>{t('visitors.reset.forgot')}</Link>
          </p>
        </form>
      )}
    </Frame>
  );
}
