import type { CheckCaptchaResult, SlideReport } from '../types.ts';
import { postCaptcha, unreadableAnswer } from './request.ts';

/**
 * Reports a slide (`POST <base>/captcha/checkCaptcha`). Resolves with the server's verdict,
 * right or wrong (`success`, `code`, `msg`/`msg_en`, the credential when right); rejects only
 * when the call itself fails.
 */
export async function checkCaptcha(id: string, data: SlideReport): Promise<CheckCaptchaResult> {
  const body = (await postCaptcha('checkCaptcha', { id, data })) as Partial<CheckCaptchaResult> | null;
  if (typeof body?.success !== 'boolean' || typeof body.msg !== 'string') throw unreadableAnswer();
  if (body.success && (typeof body.data?.captchaId !== 'string' || typeof body.data.captchaCode !== 'string')) {
    throw unreadableAnswer();
  }
  return {
    code: Number(body.code),
    msg: body.msg,
    msg_en: body.msg_en ?? '',
    success: body.success,
    data: body.success ? body.data! : null,
  };
}
