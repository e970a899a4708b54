import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../../../components/MessagePage.tsx';

export default function Error404() {
  const { t } = useTranslation();
  return (
    <MessagePage code="404" title={t('route.other.error404')} text={t('common.error404')}>
      <Link className="yy-button" to="/">
        {t('common.backHome')}
      </Link>
    </MessagePage>
  );
}
