import { Popup } from 'antd-mobile';
import { useEffect } from 'react';
import { useCaptchaCredential } from '../../../../../features/captcha/useCaptchaCredential.tsx';
import type { SubmitCaptcha } from '../../../../../features/captcha/types.ts';

/**
 * The slider captcha a booking submit asks for, in a bottom sheet. Loaded and mounted when a
 * submit needs a slide (the slider and its encryption are not part of the form's first load);
 * asks for one credential when mounted and reports it, or null when the user closes the sheet.
 */
export default function CaptchaSheet({ onDone }: { onDone: (credential: SubmitCaptcha | null) => void }) {
  const captcha = useCaptchaCredential();
  const { obtainCredential } = captcha;
  useEffect(() => {
    let live = true;
    void obtainCredential().then((credential) => {
      if (live) onDone(credential);
    });
    return () => {
      live = false;
    };
  }, [obtainCredential, onDone]);
  const { prompt } = captcha;
  return (
    <Popup visible={prompt.open} onMaskClick={prompt.cancel} onClose={prompt.cancel} showCloseButton destroyOnClose>
      <div className="yy-m-popup-body" role="dialog" aria-label={prompt.title}>
        <h2>{prompt.title}</h2>
        {prompt.slider}
      </div>
    </Popup>
  );
}
