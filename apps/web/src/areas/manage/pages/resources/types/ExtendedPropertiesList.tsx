import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { useFindCodesAll } from '../../../../../features/code-tables/api/findCodesAll.ts';
import type { ResourcesTypeFormValues } from '../../../../../features/resource-types/typeForm.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { LookupSelect } from '../../../components/LookupSelect.tsx';
import { OrderNumberInput, RemoveRowButton } from './listRowParts.tsx';
import { useTypeFormRules } from './typeFormRules.ts';

/**
 * The type's extended properties, one row each: a code from the code tables (its name and
 * description filled in when still empty), name, description, tags and order; a code once only.
 */
export function ExtendedPropertiesList({
  form,
  codes,
}: {
  form: FormInstance<ResourcesTypeFormValues>;
  /** The code tables, read by the drawer's owner so the request goes out as before the drawer opens. */
  codes: ReturnType<typeof useFindCodesAll>;
}) {
  const { t } = useTranslation();
  const { label, required } = useTypeFormRules(form);
  const codeOptions = (codes.data?.rows ?? []).map((c) => ({
    value: c.code,
    label: `${pick(c.name, c.name_en)} (${c.code})`,
    name: c.name,
    description: c.description,
  }));
  return (
    <Form.List
      name="extendedProperties"
      rules={[
        {
          validator: async (_, list: { extended_properties_code?: string }[] = []) => {
            const codesSeen = list.map((p) => p?.extended_properties_code).filter(Boolean);
            if (new Set(codesSeen).size !== codesSeen.length)
              throw new Error(t('resourceTypes.message.duplicateProperty'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <p className="yy-type-hint">{t('resourceTypes.message.propertyHint')}</p>
          {fields.map(({ key, name }) => (
            <Space key={key} wrap align="start" className="yy-type-row">
              <Form.Item name={[name, 'extended_properties_code']} rules={[required('propertyCode')]}>
                <LookupSelect
                  aria-label={label('propertyCode')}
                  placeholder={t('resourceTypes.placeholder.pickCode')}
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={codes.isPending}
                  failed={codes.isError}
                  options={codeOptions}
                  style={{ width: 220 }}
                  onChange={(code: string) => {
                    const c = codeOptions.find((o) => o.value === code);
                    if (!c) return;
                    const nameAt: ['extendedProperties', number, 'extended_properties_name'] = [
                      'extendedProperties',
                      name,
                      'extended_properties_name',
                    ];
                    const descriptionAt: ['extendedProperties', number, 'code_description'] = [
                      'extendedProperties',
                      name,
                      'code_description',
                    ];
                    if (!form.getFieldValue(nameAt)) form.setFieldValue(nameAt, c.name);
                    if (!form.getFieldValue(descriptionAt)) form.setFieldValue(descriptionAt, c.description);
                  }}
                />
              </Form.Item>
              <Form.Item name={[name, 'extended_properties_name']} rules={[required('propertyName')]}>
                <Input aria-label={label('propertyName')} placeholder={label('propertyName')} maxLength={100} />
              </Form.Item>
              <Form.Item name={[name, 'code_description']}>
                <Input
                  aria-label={label('propertyDescription')}
                  placeholder={label('propertyDescription')}
                  maxLength={500}
                />
              </Form.Item>
              <Form.Item name={[name, 'code_tags']}>
                <Input
                  aria-label={label('propertyTags')}
                  placeholder={label('propertyTags')}
                  maxLength={200}
                  style={{ width: 120 }}
                />
              </Form.Item>
              <Form.Item name={[name, 'order_num']}>
                <OrderNumberInput />
              </Form.Item>
              <RemoveRowButton onClick={() => remove(name)} />
            </Space>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() =>
              add({
                extended_properties_code: undefined,
                extended_properties_name: '',
                code_description: '',
                code_tags: '',
                order_num: fields.length,
              })
            }
          >
            {t('resourceTypes.action.addProperty')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
