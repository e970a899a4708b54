import type { CaptchaChallenge } from '../types.ts';
import { postCaptcha, unreadableAnswer } from './request.ts';

/**
 * A new slider challenge for the signed-in user (`POST <base>/captcha/genCaptcha`). Challenges
 * are single use, so there is no query cache: every slide asks for a new one.
 */
export async function genCaptcha(): Promise<CaptchaChallenge> {
  const body = (await postCaptcha('genCaptcha', {})) as Partial<CaptchaChallenge> | null;
  const c = body?.captcha;
  if (
    typeof body?.id !== 'string' ||
    !c ||
    typeof c.backgroundImage !== 'string' ||
    typeof c.templateImage !== 'string' ||
    !(c.backgroundImageWidth! > 0) ||
    !(c.backgroundImageHeight! > 0)
  ) {
    throw unreadableAnswer();
  }
  return body as CaptchaChallenge;
}
