import type { Tx } from '../../db/client.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';

/** The anti-abuse switches of a resource's rules that a submit must honour. */
export interface AbuseRules {
  open_captcha_verify?: string | null;
  open_frequency_verify?: string | null;
}

/**
 * Runs before the business rules of every booking submit (all modes): the slider captcha
 * credential (`open_captcha_verify` = "1": single use, refused when missing, reused or wrong)
 * and the per-account submit frequency limit (`open_frequency_verify` = "1").
 * OWNER: the captcha/evaluations helper (issue 7). Placeholder until that lands.
 */
export async function assertSubmitAllowed(
  _tx: Tx,
  _ctx: RequestContext,
  _tenant: TenantRef,
  _user: AuthUser,
  _rules: AbuseRules,
  _captcha: { captchaId?: string | null; captchaCode?: string | null },
): Promise<void> {}
