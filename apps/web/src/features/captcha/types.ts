/**
 * The slider captcha (api-contract 3): a challenge from genCaptcha, the slide reported to
 * checkCaptcha, and the credential a booking submit carries.
 */

/** genCaptcha's answer: a background with a hole, and the piece on a strip as tall as it. */
export interface CaptchaChallenge {
  /** `SLIDER_<32 hex>` */
  id: string;
  captcha: {
    type: string;
    /** data URI (JPEG), backgroundImageWidth x backgroundImageHeight */
    backgroundImage: string;
    /** data URI (PNG with alpha); placed at the left of the background and moved sideways only */
    templateImage: string;
    backgroundImageWidth: number;
    backgroundImageHeight: number;
    templateImageWidth?: number;
    templateImageHeight?: number;
  };
}

/** One point of a slide: the handle's offset from its start (shown px) and ms since the start. */
export interface TrackPoint {
  x: number;
  y: number;
  type: 'down' | 'move' | 'up';
  t: number;
}

/** checkCaptcha's `data`: the size the background is shown at, the slide's times and its track. */
export interface SlideReport {
  bgImageWidth: number;
  bgImageHeight: number;
  /** ISO-8601 UTC with ms */
  startTime: string;
  stopTime: string;
  trackList: TrackPoint[];
}

/** The credential of a right slide (captchaId without prefix, captchaCode a dashed UUID). */
export interface CaptchaCredential {
  captchaId: string;
  captchaCode: string;
}

/** checkCaptcha's answer: code 200 with the credential; 4001 wrong slide, 4000 expired/unknown/used, 429 cool-down (msg says until when), 400 unreadable. */
export interface CheckCaptchaResult {
  code: number;
  msg: string;
  msg_en?: string;
  success: boolean;
  data: CaptchaCredential | null;
}

/** What a booking submit sends: both empty when the resource asks for no captcha. */
export interface SubmitCaptcha {
  captchaId: string;
  captchaCode: string;
}

export const NO_CAPTCHA: SubmitCaptcha = Object.freeze({ captchaId: '', captchaCode: '' });
