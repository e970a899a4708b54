import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, switchLanguage, type Language } from '../../../lib/i18n.ts';

/** 中 / English, shown only when the tenant is bilingual ('1'); switching reloads the page. */
export function LanguageSwitch({ bilingual }: { bilingual: string }) {
  const { t } = useTranslation();
  if (bilingual !== '1') return null;
  return (
    <Segmented<Language>
      size="small"
      aria-label={t('common.language')}
      value={currentLanguage()}
      options={[
        { label: t('common.zh'), value: 'zh' },
        { label: t('common.en'), value: 'en' },
      ]}
      onChange={(lang) => switchLanguage(lang)}
    />
  );
}
