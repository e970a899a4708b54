import { Button, Form, Input, InputNumber, Select, Space, type FormInstance } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NUMBER_LIMIT_RULES } from '../../../../../features/resource-types/api/types.ts';
import type { ResourcesTypeFormValues } from '../../../../../features/resource-types/typeForm.ts';
import { RemoveRowButton } from './listRowParts.tsx';
import { useTypeFormRules } from './typeFormRules.ts';

/** The further number limit rules, one row each: by what, how many, and for 'by period' its begin and end dates. */
export function NumberLimitRuleList({ form }: { form: FormInstance<ResourcesTypeFormValues> }) {
  const { t } = useTranslation();
  const { label, required, requiredNumber, notBefore } = useTypeFormRules(form);
  const rules = Form.useWatch('appointmentNumberLimitRuleList', form);
  return (
    <Form.List name="appointmentNumberLimitRuleList">
      {(fields, { add, remove }) => (
        <>
          {fields.map(({ key, name }) => (
            <Space key={key} wrap align="start" className="yy-type-row">
              <Form.Item name={[name, 'appointment_number_rule']} rules={[required('appointmentNumberRule')]}>
                <Select
                  aria-label={label('appointmentNumberRule')}
                  style={{ width: 150 }}
                  options={NUMBER_LIMIT_RULES.map((r) => ({ value: r, label: t(`resourceTypes.numberRule.${r}`) }))}
                />
              </Form.Item>
              <Form.Item name={[name, 'appointment_number_limit']} rules={[requiredNumber('appointmentNumberLimit')]}>
                <InputNumber
                  aria-label={label('appointmentNumberLimit')}
                  placeholder={label('appointmentNumberLimit')}
                  min={0}
                  max={100_000}
                  precision={0}
                  style={{ width: 130 }}
                />
              </Form.Item>
              {rules?.[name]?.appointment_number_rule === '4' && (
                <>
                  <Form.Item name={[name, 'timeperiod_number_begin_date']} rules={[required('periodBegin')]}>
                    <Input type="date" aria-label={label('periodBegin')} />
                  </Form.Item>
                  <Form.Item
                    name={[name, 'timeperiod_number_end_date']}
                    dependencies={[['appointmentNumberLimitRuleList', name, 'timeperiod_number_begin_date']]}
                    rules={[
                      required('periodEnd'),
                      notBefore(['appointmentNumberLimitRuleList', name, 'timeperiod_number_begin_date']),
                    ]}
                  >
                    <Input type="date" aria-label={label('periodEnd')} />
                  </Form.Item>
                </>
              )}
              <RemoveRowButton onClick={() => remove(name)} />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() =>
              add({
                appointment_number_rule: '1',
                appointment_number_limit: null,
                timeperiod_number_begin_date: '',
                timeperiod_number_end_date: '',
              })
            }
          >
            {t('resourceTypes.action.addRule')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
