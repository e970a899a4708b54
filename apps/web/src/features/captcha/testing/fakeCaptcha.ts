import { vi } from 'vitest';
import type { CaptchaChallenge, CheckCaptchaResult, SlideReport } from '../types.ts';

/** A 1x1 PNG: jsdom loads no images, the component only needs a data URI. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const rightSlide = (n = 1): CheckCaptchaResult => ({
  code: 200,
  msg: '验证成功',
  msg_en: 'Verified',
  success: true,
  data: { captchaId: `cc1973dc4eaf4132b89d6d162793fc9${n}`, captchaCode: `3ed524c3-11b8-4746-8527-d6ec2fc9428${n}` },
});

export const wrongSlide: CheckCaptchaResult = {
  code: 4001,
  msg: '验证失败，请重新滑动',
  msg_en: 'The piece is not in place; please try again',
  success: false,
  data: null,
};

/** The check that reaches the failure limit: the cool-down's message names when to try again. */
export const coolingSlide: CheckCaptchaResult = {
  code: 429,
  msg: '滑块验证尝试次数过多，请于12:10后再试（约10分钟）',
  msg_en: 'Too many captcha attempts; try again after 12:10 (in about 10 min)',
  success: false,
  data: null,
};

export interface FakeCaptcha {
  /** Challenges handed out, in order. */
  generated: CaptchaChallenge[];
  /** The bodies checkCaptcha received, in order. */
  checks: { id: string; data: SlideReport }[];
  /** The Authorization headers of the captcha calls. */
  authorizations: (string | null)[];
}

/**
 * Puts the captcha endpoints (`<base>/captcha/genCaptcha|checkCaptcha`) in front of the fetch
 * stubbed so far (serveGraphql's, say): each genCaptcha gives a new challenge; checkCaptcha
 * answers the next of `verdicts` (the last one repeats).
 */
export function serveCaptcha(verdicts: CheckCaptchaResult[]): FakeCaptcha {
  const state: FakeCaptcha = { generated: [], checks: [], authorizations: [] };
  const behind = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!/\/captcha\/(genCaptcha|checkCaptcha)$/.test(String(url))) return behind(url, init);
      state.authorizations.push(new Headers(init?.headers).get('authorization'));
      if (String(url).endsWith('/genCaptcha')) {
        const n = state.generated.length + 1;
        const challenge: CaptchaChallenge = {
          id: `SLIDER_${String(n).padStart(32, '0')}`,
          captcha: {
            type: 'SLIDER',
            backgroundImage: PIXEL,
            templateImage: PIXEL,
            backgroundImageWidth: 600,
            backgroundImageHeight: 360,
            templateImageWidth: 100,
            templateImageHeight: 360,
          },
        };
        state.generated.push(challenge);
        return new Response(JSON.stringify(challenge));
      }
      const body = JSON.parse(String(init?.body)) as { id: string; data: SlideReport };
      state.checks.push(body);
      const verdict = verdicts[Math.min(state.checks.length - 1, verdicts.length - 1)]!;
      return new Response(JSON.stringify(verdict));
    }),
  );
  return state;
}

/** Lays the captcha's picture out at `width` x 0.6 width (jsdom lays nothing out). */
export function layOutCaptcha(width = 300): () => void {
  const original = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    if (this.classList.contains('yy-captcha-stage')) {
      return { x: 0, y: 0, left: 0, top: 0, width, height: width * 0.6, right: width, bottom: width * 0.6 } as DOMRect;
    }
    return original.call(this);
  };
  return () => {
    HTMLElement.prototype.getBoundingClientRect = original;
  };
}
