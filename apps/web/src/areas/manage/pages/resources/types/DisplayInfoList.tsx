import { Button, Form, Input, Select, Space, type FormInstance } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourcesTypeFormValues } from '../../../../../features/resource-types/typeForm.ts';
import { OrderNumberInput, RemoveRowButton } from './listRowParts.tsx';
import { useTypeFormRules } from './typeFormRules.ts';

/** The booker's details shown with a booking, one row each: zh and en names, data type, category, order. */
export function DisplayInfoList({ form }: { form: FormInstance<ResourcesTypeFormValues> }) {
  const { t } = useTranslation();
  const { label, required } = useTypeFormRules(form);
  return (
    <Form.List name="userDisplayInfoConfigList">
      {(fields, { add, remove }) => (
        <>
          <p className="yy-type-hint">{t('resourceTypes.message.displayHint')}</p>
          {fields.map(({ key, name }) => (
            <Space key={key} wrap align="start" className="yy-type-row">
              <Form.Item name={[name, 'field_name_cn']} rules={[required('fieldNameCn')]}>
                <Input aria-label={label('fieldNameCn')} placeholder={label('fieldNameCn')} maxLength={100} />
              </Form.Item>
              <Form.Item name={[name, 'field_name_en']} rules={[required('fieldNameEn')]}>
                <Input aria-label={label('fieldNameEn')} placeholder={label('fieldNameEn')} maxLength={100} />
              </Form.Item>
              <Form.Item name={[name, 'field_data_type']}>
                <Select
                  aria-label={label('fieldDataType')}
                  placeholder={label('fieldDataType')}
                  style={{ width: 110 }}
                  options={['string', 'number', 'date'].map((v) => ({
                    value: v,
                    label: t(`resourceTypes.dataType.${v}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name={[name, 'field_category']}>
                <Select
                  aria-label={label('fieldCategory')}
                  placeholder={label('fieldCategory')}
                  style={{ width: 130 }}
                  options={['user', 'appointment'].map((v) => ({ value: v, label: t(`resourceTypes.category.${v}`) }))}
                />
              </Form.Item>
              <Form.Item name={[name, 'display_order_num']}>
                <OrderNumberInput />
              </Form.Item>
              <RemoveRowButton onClick={() => remove(name)} />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() =>
              add({
                field_name_cn: '',
                field_name_en: '',
                field_data_type: 'string',
                field_category: 'user',
                display_order_num: fields.length,
              })
            }
          >
            {t('resourceTypes.action.addField')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
