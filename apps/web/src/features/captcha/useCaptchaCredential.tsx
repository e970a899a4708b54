import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { submitCaptchaOf } from './encrypt.ts';
import { ensureCaptchaTranslations } from './i18n.ts';
import { SliderCaptcha } from './SliderCaptcha.tsx';
import { NO_CAPTCHA, type CaptchaCredential, type SubmitCaptcha } from './types.ts';

/** Whether booking this resource needs a slide first (its effective rules' `open_captcha_verify`). */
export function needsCaptcha(resource: { open_captcha_verify?: string | null } | null | undefined): boolean {
  return resource?.open_captcha_verify === '1';
}

/**
 * What the caller shows in its own UI kit's popup (antd's Modal on desktop, antd-mobile's
 * Popup on the phone): open while a credential is asked for, with the slider inside.
 */
export interface CaptchaPrompt {
  open: boolean;
  /** The popup's title. */
  title: string;
  /** The slider, new for every request; null while closed. */
  slider: ReactNode;
  /** The popup was closed by the user: the pending request resolves with null. */
  cancel: () => void;
}

export interface CaptchaCredentials {
  needsCaptcha: typeof needsCaptcha;
  /** Opens the prompt; resolves with the credential to submit (captchaCode encrypted), or null when cancelled. */
  obtainCredential: () => Promise<SubmitCaptcha | null>;
  /** A credential for one submit on `resource`: empty ones when it needs none, null when the user cancelled. */
  credentialFor: (resource: { open_captcha_verify?: string | null }) => Promise<SubmitCaptcha | null>;
  prompt: CaptchaPrompt;
}

interface Pending {
  id: number;
  resolve: (credential: SubmitCaptcha | null) => void;
}

/**
 * The slider captcha for a booking submit. A credential is single use and a refused submit
 * spends it too, so every submit asks for a new slide:
 *
 *   const captcha = useCaptchaCredential();
 *   const credential = await captcha.credentialFor(resource);
 *   if (!credential) return; // cancelled
 *   save({ ...variables, ...credential });
 *   ...
 *   <Modal open={captcha.prompt.open} onCancel={captcha.prompt.cancel} title={captcha.prompt.title}>
 *     {captcha.prompt.slider}
 *   </Modal>
 */
export function useCaptchaCredential(): CaptchaCredentials {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);
  const counter = useRef(0);

  const settle = useCallback((request: Pending, credential: SubmitCaptcha | null) => {
    if (current.current !== request) return;
    current.current = null;
    setPending(null);
    request.resolve(credential);
  }, []);

  const obtainCredential = useCallback(
    () =>
      new Promise<SubmitCaptcha | null>((resolve) => {
        // a request still open (a second click) gives way to the new one
        if (current.current) settle(current.current, null);
        const request = { id: ++counter.current, resolve };
        current.current = request;
        const open = () => {
          if (current.current === request) setPending(request);
        };
        // The prompt opens once its texts are there (the first time, a small download); should
        // they fail to load, it opens all the same: the slider's own request says what is wrong.
        if (ensureCaptchaTranslations.loaded()) open();
        else
          void ensureCaptchaTranslations()
            .catch((err: unknown) => console.warn('[captcha] failed to load texts', err))
            .then(open);
      }),
    [settle],
  );

  const credentialFor = useCallback(
    async (resource: { open_captcha_verify?: string | null }) =>
      needsCaptcha(resource) ? obtainCredential() : NO_CAPTCHA,
    [obtainCredential],
  );

  // a page left while the prompt is open: whoever waits gets null
  useEffect(
    () => () => {
      if (current.current) settle(current.current, null);
    },
    [settle],
  );

  const verified = useCallback(
    async (request: Pending, credential: CaptchaCredential) => {
      settle(request, await submitCaptchaOf(credential));
    },
    [settle],
  );

  return {
    needsCaptcha,
    obtainCredential,
    credentialFor,
    prompt: {
      open: pending !== null,
      title: t('captcha.title'),
      slider: pending ? (
        <SliderCaptcha key={pending.id} onVerified={(credential) => void verified(pending, credential)} />
      ) : null,
      cancel: () => {
        if (current.current) settle(current.current, null);
      },
    },
  };
}
