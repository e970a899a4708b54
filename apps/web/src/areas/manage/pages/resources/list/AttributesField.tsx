import { Button, Form, Input, Select, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  attributeIssues,
  newAttribute,
  type AttributeForm,
  type CollectMode,
} from '../../../../../features/resources/attributes.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { FlagSwitch } from '../rules/RuleFields.tsx';

const isEmpty = (v: string | string[] | undefined) => (Array.isArray(v) ? v.length === 0 : !(v ?? '').trim());

/** One attribute: its definition (name, labels, how the value is entered, options, default) and its value. */
function AttributeRow({ name, index, onRemove }: { name: number; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const row = (Form.useWatch(['attributes', name], form) as AttributeForm | undefined) ?? newAttribute();
  const mode = row.collect_mode;
  const choice = mode !== '0';
  // The value is the Chinese option; English pages show its English option.
  const options = (row.options_cn ?? []).map((o, i) => ({ value: o, label: pick(o, row.options_en?.[i]) }));
  // Problems come from attributeIssues over all rows (the server refuses the same ones).
  const check = (field: keyof AttributeForm): Rule => ({
    validator: () => {
      const list = (form.getFieldValue('attributes') as AttributeForm[] | undefined) ?? [];
      const issue = attributeIssues(list).find((i) => i.index === name && i.field === field);
      return issue ? Promise.reject(new Error(t(`resources.attribute.issue.${issue.code}`))) : Promise.resolve();
    },
  });
  const label = (key: string) => t(`resources.attribute.${key}`);
  const at = (field: keyof AttributeForm) => ['attributes', name, field];
  const setMode = (next: CollectMode) => {
    // The value and default change shape with the mode: start them empty.
    form.setFieldValue(at('value'), next === '2' ? [] : '');
    form.setFieldValue(at('default_value'), next === '2' ? [] : '');
  };
  const setDefault = (value: string | string[]) => {
    if (isEmpty(row.value)) form.setFieldValue(at('value'), value);
  };
  const choices = (field: 'default_value' | 'value', text: string) => (
    <Select
      mode={mode === '2' ? 'multiple' : undefined}
      allowClear
      aria-label={text}
      placeholder={t('resources.placeholder.pick')}
      options={options}
      style={{ width: field === 'default_value' ? 260 : 320, maxWidth: '100%' }}
      onChange={field === 'default_value' ? (v: string | string[]) => setDefault(v ?? '') : undefined}
    />
  );

  return (
    <div className="yy-rule-card" data-testid="custom-attribute">
      <Space wrap align="start">
        <Form.Item
          name={[name, 'field_name']}
          label={label('fieldName')}
          required
          rules={[check('field_name')]}
          extra={label('fieldNameHint')}
        >
          <Input maxLength={64} style={{ width: 160 }} aria-label={`${label('fieldName')} ${index + 1}`} />
        </Form.Item>
        <Form.Item name={[name, 'field_desc_cn']} label={label('label')} required rules={[check('field_desc_cn')]}>
          <Input maxLength={200} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name={[name, 'field_desc_en']} label={label('labelEn')}>
          <Input maxLength={200} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name={[name, 'collect_mode']} label={label('mode')}>
          <Select
            style={{ width: 150 }}
            onChange={(v: CollectMode) => setMode(v)}
            options={(['0', '1', '2'] as const).map((m) => ({ value: m, label: label(`modes.${m}`) }))}
          />
        </Form.Item>
        <Button
          icon={<DeleteOutlined />}
          className="yy-rule-remove"
          aria-label={t('resources.attribute.remove', { n: index + 1 })}
          onClick={onRemove}
        />
      </Space>
      {choice ? (
        <Space wrap align="start">
          <Form.Item
            name={[name, 'options_cn']}
            label={label('options')}
            required
            rules={[check('options_cn')]}
            extra={label('optionsHint')}
          >
            <Select
              mode="tags"
              open={false}
              tokenSeparators={[',', '，']}
              aria-label={label('options')}
              style={{ width: 320, maxWidth: '100%' }}
            />
          </Form.Item>
          <Form.Item name={[name, 'options_en']} label={label('optionsEn')} rules={[check('options_en')]}>
            <Select
              mode="tags"
              open={false}
              tokenSeparators={[',', '，']}
              aria-label={label('optionsEn')}
              style={{ width: 320, maxWidth: '100%' }}
            />
          </Form.Item>
        </Space>
      ) : null}
      <Space wrap align="start">
        {choice ? (
          <Form.Item name={[name, 'default_value']} label={label('default')} rules={[check('default_value')]}>
            {choices('default_value', label('default'))}
          </Form.Item>
        ) : (
          <>
            <Form.Item name={[name, 'default_value']} label={label('default')}>
              <Input maxLength={500} style={{ width: 180 }} onChange={(e) => setDefault(e.target.value)} />
            </Form.Item>
            <Form.Item name={[name, 'default_value_en']} label={label('defaultEn')}>
              <Input maxLength={500} style={{ width: 180 }} />
            </Form.Item>
          </>
        )}
        <Form.Item name={[name, 'field_desc_remark']} label={label('remark')}>
          <Input maxLength={500} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name={[name, 'is_required']} label={label('required')}>
          <FlagSwitch ariaLabel={`${label('required')} ${index + 1}`} />
        </Form.Item>
        <Form.Item name={[name, 'is_detail_display']} label={label('shown')}>
          <FlagSwitch ariaLabel={`${label('shown')} ${index + 1}`} />
        </Form.Item>
        <Form.Item name={[name, 'is_enable']} label={label('enabled')}>
          <FlagSwitch ariaLabel={`${label('enabled')} ${index + 1}`} />
        </Form.Item>
      </Space>
      <Form.Item
        name={[name, 'value']}
        label={label('value')}
        required={row.is_required === '1'}
        rules={[check('value')]}
        className="yy-resource-names"
      >
        {choice ? (
          choices('value', `${label('value')} ${index + 1}`)
        ) : (
          <Input.TextArea
            maxLength={4000}
            autoSize={{ minRows: 1, maxRows: 4 }}
            aria-label={`${label('value')} ${index + 1}`}
          />
        )}
      </Form.Item>
    </div>
  );
}

/**
 * The resource's custom attributes: each row defines an attribute (resourcesCustomAttributeList)
 * and gives its value (resourcesCustomAttributeContentList) with an input of its kind.
 */
export function AttributesField() {
  const { t } = useTranslation();
  return (
    <Form.List name="attributes">
      {(fields, { add, remove }) => (
        <div className="yy-rule-list" data-testid="custom-attributes">
          <Typography.Title level={5}>{t('resources.attribute.title')}</Typography.Title>
          <Typography.Text type="secondary" className="yy-rule-hint">
            {t('resources.attribute.hint')}
          </Typography.Text>
          {fields.map((field, index) => (
            <AttributeRow key={field.key} name={field.name} index={index} onRemove={() => remove(field.name)} />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newAttribute())}>
            {t('resources.attribute.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
