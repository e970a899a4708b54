import type { Tx } from '../../db/client.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { checkSubmit } from './captcha.service.ts';

/** The anti-abuse switches of a resource's rules that a submit must honour. */
export interface AbuseRules {
  open_captcha_verify?: string | null;
  open_frequency_verify?: string | null;
}

/**
 * Runs before the business rules of every booking submit (all modes): the per-account submit
 * frequency limit (`open_frequency_verify` = "1": the 3rd submit within 10 s is refused with
 * 「频繁调用接口，禁用3分钟」 and the account waits 180 s) and the slider captcha credential
 * (`open_captcha_verify` = "1": single use, refused when missing, wrong, expired or reused).
 * Call it for submits only (not for checks or previews): it counts the submit and spends the
 * credential, and both stay spent even when the submit is refused afterwards.
 */
export async function assertSubmitAllowed(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  user: AuthUser,
  rules: AbuseRules,
  captcha: { captchaId?: string | null; captchaCode?: string | null },
): Promise<void> {
  await checkSubmit(
    tx,
    ctx,
    tenant,
    user,
    { frequency: rules.open_frequency_verify === '1', captcha: rules.open_captcha_verify === '1' },
    captcha,
  );
}
