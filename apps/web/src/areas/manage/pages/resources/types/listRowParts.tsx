import { Button, InputNumber, type InputNumberProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The icon button at the end of a row of the type form's lists that removes the row. */
export function RemoveRowButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return <Button icon={<DeleteOutlined />} onClick={onClick} aria-label={t('resourceTypes.action.remove')} />;
}

/** A row's order number (0 and up), named by its placeholder; the Form.Item around it passes value and onChange. */
export function OrderNumberInput(props: InputNumberProps<number>) {
  const { t } = useTranslation();
  const label = t('resourceTypes.field.orderNum');
  return <InputNumber aria-label={label} placeholder={label} min={0} precision={0} style={{ width: 90 }} {...props} />;
}
