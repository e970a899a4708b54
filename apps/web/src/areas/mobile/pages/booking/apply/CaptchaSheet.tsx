import { Popup } from 'antd-mobile';
import type { CaptchaPrompt } from '../../../../../features/captcha/useCaptchaCredential.tsx';

/** The slider captcha a booking submit asks for, in a bottom sheet (loaded when first needed). */
export default function CaptchaSheet({ prompt }: { prompt: CaptchaPrompt }) {
  return (
    <Popup visible={prompt.open} onMaskClick={prompt.cancel} onClose={prompt.cancel} showCloseButton destroyOnClose>
      <div className="yy-m-popup-body" role="dialog" aria-label={prompt.title}>
        <h2>{prompt.title}</h2>
        {prompt.slider}
      </div>
    </Popup>
  );
}
