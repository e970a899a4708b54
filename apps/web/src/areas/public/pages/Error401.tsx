import { useTranslation } from 'react-i18next';
import { signIn } from '../../../features/auth/auth.ts';
import { MessagePage } from '../../../components/MessagePage.tsx';

export default function Error401() {
  const { t } = useTranslation();
  return (
    <MessagePage code="401" title={t('route.other.error401')} text={t('common.error401')}>
      <button type="button" className="yy-button" onClick={() => void signIn('/')}>
        {t('common.signIn')}
      </button>
    </MessagePage>
  );
}
