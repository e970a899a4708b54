import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/** An antd Form control for a "0"/"1" flag, with its state in words (not by colour only). */
export function FlagSwitch({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      id={id}
      checked={value === '1'}
      onChange={(on) => onChange?.(on ? '1' : '0')}
      checkedChildren={t('resourceTypes.flag.1')}
      unCheckedChildren={t('resourceTypes.flag.0')}
    />
  );
}
