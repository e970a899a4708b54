import { Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The resource type of a setting, entered as the type's id (resource types are not
 * queryable yet; a type select replaces this once `findResourcesTypeAll` exists).
 */
export function ResourceTypeInput(props: Omit<InputProps, 'maxLength'>) {
  const { t } = useTranslation();
  return <Input maxLength={64} placeholder={t('settingsAdmin.resourceTypePlaceholder')} {...props} />;
}
