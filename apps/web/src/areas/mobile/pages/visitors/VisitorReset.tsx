import { Button, Input, Result } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signIn } from '../../../../features/auth/auth.ts';
import { errorText } from '../../../../features/booking/result.ts';
import { useResetVisitorPasswordForPublic } from '../../../../features/visitors/api/resetVisitorPasswordForPublic.ts';
import { isMobile, normalisePhone, resetErrors, type ResetValues } from '../../../../features/visitors/forms.ts';
import { VISITOR_HOME } from '../../../../features/visitors/role.ts';
import { OpenFrame } from './OpenFrame.tsx';
import { visitorPaths } from './paths.ts';
import { Field, useErrorText } from './parts.tsx';
import { CodeButton, CodeStatus, useOneTimeCode } from './CodeSender.tsx';
import '../booking/booking.css';
import './visitors.css';

/** The register page of the tenant of `tenantKey`. */
const registerPath = (tenantKey: string) =>
  tenantKey ? `${visitorPaths.register}?${new URLSearchParams({ tenantKey })}` : visitorPaths.register;

/**
 * A registered visitor's forgotten password (`/mobile/visitor/register?tenantKey=&mode=reset`):
 * the phone proved by a one-time code (purpose 'resetPassword'), the new password twice; then
 * the visitor signs in with it at the sign-in page.
 */
export function VisitorReset({ tenantKey }: { tenantKey: string }) {
  const { t } = useTranslation();
  const [v, setV] = useState<ResetValues>({ phone: '', verification_code: '', password: '', password_confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  const [phoneTried, setPhoneTried] = useState(false);
  const code = useOneTimeCode(tenantKey, 'resetPassword');
  const reset = useResetVisitorPasswordForPublic();
  const errors = resetErrors(v);
  const shownErr = useErrorText(errors, submitted);
  const phoneErr = useErrorText(errors, phoneTried);
  const err = (name: string) => shownErr(name) ?? (name === 'phone' ? phoneErr(name) : undefined);
  const set = (patch: Partial<ResetValues>) => setV((x) => ({ ...x, ...patch }));

  const sendCode = () => {
    if (!isMobile(v.phone)) {
      setPhoneTried(true);
      return;
    }
    code.request(normalisePhone(v.phone));
  };

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    reset.mutate({
      phone: normalisePhone(v.phone),
      verification_code: v.verification_code.trim(),
      password: v.password,
      tenantKey,
    });
  };

  if (reset.isSuccess) {
    return (
      <OpenFrame>
        <Result status="success" title={t('visitors.reset.done')} description={t('visitors.reset.doneHint')} />
        <div className="yy-v-actions">
          <Button block color="primary" onClick={() => void signIn(VISITOR_HOME)}>
            {t('visitors.register.signIn')}
          </Button>
        </div>
      </OpenFrame>
    );
  }

  return (
    <OpenFrame>
      <header className="yy-v-header">
        <h1>{t('visitors.reset.title')}</h1>
        <p className="yy-m-muted">{t('visitors.reset.intro')}</p>
      </header>
      <form
        className="yy-m-card yy-m-form"
        noValidate
        aria-label={t('visitors.reset.title')}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field id="yy-v-reset-phone" label={t('visitors.register.field.phone')} required error={err('phone')}>
          <div className="yy-v-code-row">
            <Input
              id="yy-v-reset-phone"
              type="tel"
              autoComplete="tel"
              value={v.phone}
              onChange={(x) => set({ phone: x })}
              maxLength={20}
              aria-describedby={err('phone') ? 'yy-v-reset-phone-error' : undefined}
              clearable
            />
            <CodeButton code={code} onClick={sendCode} />
          </div>
        </Field>
        <CodeStatus code={code} sentText={t('visitors.reset.codeSent')} />
        <Field id="yy-v-reset-code" label={t('visitors.register.code')} required error={err('verification_code')}>
          <Input
            id="yy-v-reset-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={v.verification_code}
            onChange={(x) => set({ verification_code: x.replace(/\D/g, '').slice(0, 6) })}
            maxLength={6}
          />
        </Field>
        <Field
          id="yy-v-reset-password"
          label={t('visitors.reset.password')}
          required
          error={err('password')}
          hint={t('visitors.register.passwordRule')}
        >
          <Input
            id="yy-v-reset-password"
            type="password"
            autoComplete="new-password"
            value={v.password}
            onChange={(x) => set({ password: x })}
            maxLength={64}
          />
        </Field>
        <Field id="yy-v-reset-confirm" label={t('visitors.register.confirm')} required error={err('password_confirm')}>
          <Input
            id="yy-v-reset-confirm"
            type="password"
            autoComplete="new-password"
            value={v.password_confirm}
            onChange={(x) => set({ password_confirm: x })}
            maxLength={64}
          />
        </Field>
        {reset.error && (
          <p className="yy-m-error-text" role="alert">
            {errorText(reset.error)}
          </p>
        )}
        <Button block type="submit" color="primary" loading={reset.isPending}>
          {t('visitors.reset.submit')}
        </Button>
        <p className="yy-m-muted yy-v-hint">
          <button type="button" className="yy-v-link" onClick={() => void signIn(VISITOR_HOME)}>
            {t('visitors.register.signIn')}
          </button>
          {' · '}
          <Link to={registerPath(tenantKey)}>{t('visitors.reset.toRegister')}</Link>
        </p>
      </form>
    </OpenFrame>
  );
}
