import { useTranslation } from 'react-i18next';
import { signIn } from '../../../features/auth/auth.ts';
import { MessagePage } from '../../../components/MessagePage.tsx';

/** /oidc-callback-error: 'Error in authentication', with a way to try again. */
export default function OidcCallbackError() {
  const { t } = useTranslation();
  return (
    <MessagePage title="Error in authentication" text={t('common.authErrorHint')}>
      <button type="button" className="yy-button" onClick={() => void signIn('/')}>
        {t('common.signIn')}
      </button>
    </MessagePage>
  );
}
