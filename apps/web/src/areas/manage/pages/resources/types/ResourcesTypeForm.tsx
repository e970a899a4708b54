import { App, Button, Col, Divider, Drawer, Form, Input, InputNumber, Radio, Row, Select, Space, Tabs } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFindCodesAll } from '../../../../../features/code-tables/api/findCodesAll.ts';
import { useSaveResourcesType } from '../../../../../features/resource-types/api/saveResourcesType.ts';
import { NUMBER_LIMIT_RULES, type ResourcesType } from '../../../../../features/resource-types/api/types.ts';
import { useUpdateResourcesType } from '../../../../../features/resource-types/api/updateResourcesType.ts';
import {
  isClockTime,
  toFormValues,
  toModel,
  type ResourcesTypeFormValues,
} from '../../../../../features/resource-types/typeForm.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { errorText } from '../../../operation-result.ts';
import { ImageUploadField } from '../../settings/ImageUploadField.tsx';
import '../../settings/settings-pages.css';
import { AuthListEditor } from './AuthListEditor.tsx';
import { FlagSwitch } from './FlagSwitch.tsx';
import './resource-types.css';
import { LookupSelect } from '../../../components/LookupSelect.tsx';
import { ReleaseSettings } from '../../ballot/ReleaseSettings.tsx';

/** Which tab each top-level field sits on, to show the first invalid one. */
const tabOf: Record<string, string> = {
  resourcesTypeAuthList: 'auth',
  extendedProperties: 'properties',
  userDisplayInfoConfigList: 'display',
  appointmentNumberLimitRuleList: 'booking',
  common_enable: 'booking',
  cyclicity_enable: 'booking',
  batch_enable: 'booking',
  default_appointment_state: 'booking',
  can_appointment_remark: 'booking',
  is_appointment_number_limit: 'booking',
  appointment_number_rule: 'booking',
  appointment_number_limit: 'booking',
  timeperiod_number_begin_date: 'booking',
  timeperiod_number_end_date: 'booking',
  is_incomplete_appointment_number_limit: 'booking',
  incomplete_appointment_number_limit: 'booking',
  open_captcha_verify: 'booking',
  open_frequency_verify: 'booking',
  punctuality_rule: 'signin',
  deviation_minutes: 'signin',
  earliest_punctuality_rule: 'signin',
  earliest_deviation_minutes: 'signin',
  sign_out_rule: 'signin',
};

/**
 * Creates or edits a resource type in a drawer: every field of spec 3 on tabs (basics,
 * booking rules and limits, check-in, who may book, extended properties, booker details
 * shown), validated here ('cannot be empty' style) and again by the server.
 */
export function ResourcesTypeForm({
  open,
  type,
  onClose,
}: {
  open: boolean;
  /** The type to edit; null creates one. */
  type: ResourcesType | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResourcesTypeFormValues>();
  const [tab, setTab] = useState('basic');
  const save = useSaveResourcesType();
  const update = useUpdateResourcesType();
  const codes = useFindCodesAll({ first: 200, offset: 0, filter: {} });
  const limitOn = Form.useWatch('is_appointment_number_limit', form) === '1';
  const limitRule = Form.useWatch('appointment_number_rule', form);
  const incompleteOn = Form.useWatch('is_incomplete_appointment_number_limit', form) === '1';
  const lateOn = Form.useWatch('punctuality_rule', form) === '1';
  const earlyOn = Form.useWatch('earliest_punctuality_rule', form) === '1';
  const rules = Form.useWatch('appointmentNumberLimitRuleList', form);

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(toFormValues(type));
      setTab('basic');
    }
  }, [open, type, form]);

  const label = (key: string) => t(`resourceTypes.field.${key}`);
  const required = (key: string): Rule => ({
    required: true,
    whitespace: true,
    message: t('resourceTypes.message.required', { field: label(key) }),
  });
  const requiredNumber = (key: string): Rule => ({
    required: true,
    type: 'number',
    message: t('resourceTypes.message.required', { field: label(key) }),
  });
  const clock = (key: string): Rule => ({
    validator: async (_, v: string) => {
      if (v && !isClockTime(v)) throw new Error(t('resourceTypes.message.timeFormat', { field: label(key) }));
    },
  });
  const after = (startField: 'start_time', message: string): Rule => ({
    validator: async (_, v: string) => {
      const start = form.getFieldValue(startField) as string;
      if (v && start && v <= start) throw new Error(message);
    },
  });

  const submit = async (values: ResourcesTypeFormValues) => {
    const model = toModel(values, type?.id ?? null);
    try {
      await (type ? update.mutateAsync(model) : save.mutateAsync(model));
      void message.success(t('resourceTypes.message.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const codeOptions = (codes.data?.rows ?? []).map((c) => ({
    value: c.code,
    label: `${pick(c.name, c.name_en)} (${c.code})`,
    name: c.name,
    description: c.description,
  }));

  const basic = (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="resources_name" label={label('name')} rules={[required('name')]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="resources_name_en" label={label('nameEn')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="resources_tag" label={label('tag')}>
            <Input maxLength={100} placeholder={t('resourceTypes.placeholder.tag')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="resources_tag_en" label={label('tagEn')}>
            <Input maxLength={200} placeholder={t('resourceTypes.placeholder.tagEn')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="icon" label={label('icon')}>
            <ImageUploadField label={label('icon')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="icon_not" label={label('iconNot')}>
            <ImageUploadField label={label('iconNot')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="state" label={label('state')} rules={[requiredNumber('state')]}>
            <Radio.Group
              options={[
                { value: 1, label: t('resourceTypes.state.1') },
                { value: 0, label: t('resourceTypes.state.0') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="order" label={label('order')} rules={[requiredNumber('order')]}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="can_location" label={label('canLocation')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="start_time" label={label('startTime')} rules={[clock('startTime')]}>
            <Input type="time" placeholder={t('resourceTypes.placeholder.time')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="end_time"
            label={label('endTime')}
            dependencies={['start_time']}
            rules={[clock('endTime'), after('start_time', t('resourceTypes.message.endAfterStart'))]}
          >
            <Input type="time" placeholder={t('resourceTypes.placeholder.time')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="holding_minutes" label={label('holdingMinutes')}>
            <InputNumber min={0} max={1440} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="appointment_category" label={label('appointmentCategory')}>
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="resource_open_mode" label={label('resourceOpenMode')}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="capacity_field_type" label={label('capacityFieldType')}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );

  const booking = (
    <>
      <Row gutter={16}>
        {(
          [
            ['common_enable', 'commonEnable'],
            ['cyclicity_enable', 'cyclicityEnable'],
            ['batch_enable', 'batchEnable'],
          ] as const
        ).map(([name, key]) => (
          <Col xs={8} key={name}>
            <Form.Item name={name} label={label(key)}>
              <FlagSwitch />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="default_appointment_state" label={label('defaultAppointmentState')}>
            <Radio.Group options={['0', '1'].map((v) => ({ value: v, label: t(`resourceTypes.defaultState.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="can_appointment_remark" label={label('canAppointmentRemark')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="wemeet_enable" label={label('wemeetEnable')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('resourceTypes.section.numberLimit')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="is_appointment_number_limit" label={label('isAppointmentNumberLimit')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
        {limitOn && (
          <>
            <Col xs={12} md={8}>
              <Form.Item
                name="appointment_number_rule"
                label={label('appointmentNumberRule')}
                rules={[required('appointmentNumberRule')]}
              >
                <Select
                  options={NUMBER_LIMIT_RULES.map((r) => ({ value: r, label: t(`resourceTypes.numberRule.${r}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item
                name="appointment_number_limit"
                label={label('appointmentNumberLimit')}
                rules={[requiredNumber('appointmentNumberLimit')]}
              >
                <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            {limitRule === '4' && (
              <>
                <Col xs={12} md={8} offset={0}>
                  <Form.Item
                    name="timeperiod_number_begin_date"
                    label={label('periodBegin')}
                    rules={[required('periodBegin')]}
                  >
                    <Input type="date" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item
                    name="timeperiod_number_end_date"
                    label={label('periodEnd')}
                    dependencies={['timeperiod_number_begin_date']}
                    rules={[
                      required('periodEnd'),
                      {
                        validator: async (_, v: string) => {
                          const b = form.getFieldValue('timeperiod_number_begin_date') as string;
                          if (v && b && v < b) throw new Error(t('resourceTypes.message.dateOrder'));
                        },
                      },
                    ]}
                  >
                    <Input type="date" />
                  </Form.Item>
                </Col>
              </>
            )}
          </>
        )}
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="is_incomplete_appointment_number_limit" label={label('isIncompleteLimit')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
        {incompleteOn && (
          <Col xs={12} md={8}>
            <Form.Item
              name="incomplete_appointment_number_limit"
              label={label('incompleteLimit')}
              rules={[requiredNumber('incompleteLimit')]}
            >
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Divider titlePlacement="start">{t('resourceTypes.section.numberLimitRules')}</Divider>
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
                        {
                          validator: async (_, v: string) => {
                            const b = form.getFieldValue([
                              'appointmentNumberLimitRuleList',
                              name,
                              'timeperiod_number_begin_date',
                            ]) as string;
                            if (v && b && v < b) throw new Error(t('resourceTypes.message.dateOrder'));
                          },
                        },
                      ]}
                    >
                      <Input type="date" aria-label={label('periodEnd')} />
                    </Form.Item>
                  </>
                )}
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => remove(name)}
                  aria-label={t('resourceTypes.action.remove')}
                />
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
      <Divider titlePlacement="start">{t('resourceTypes.section.verify')}</Divider>
      <Row gutter={16}>
        <Col xs={12} md={8}>
          <Form.Item name="open_captcha_verify" label={label('openCaptchaVerify')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="open_frequency_verify" label={label('openFrequencyVerify')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
      </Row>
    </>
  );

  const signin = (
    <Row gutter={16}>
      <Col xs={12} md={8}>
        <Form.Item name="punctuality_rule" label={label('punctualityRule')}>
          <FlagSwitch />
        </Form.Item>
      </Col>
      <Col xs={12} md={16}>
        {lateOn && (
          <Form.Item
            name="deviation_minutes"
            label={label('deviationMinutes')}
            rules={[requiredNumber('deviationMinutes')]}
          >
            <InputNumber min={0} max={1440} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name="earliest_punctuality_rule" label={label('earliestPunctualityRule')}>
          <FlagSwitch />
        </Form.Item>
      </Col>
      <Col xs={12} md={16}>
        {earlyOn && (
          <Form.Item
            name="earliest_deviation_minutes"
            label={label('earliestDeviationMinutes')}
            rules={[requiredNumber('earliestDeviationMinutes')]}
          >
            <InputNumber min={0} max={1440} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name="sign_out_rule" label={label('signOutRule')}>
          <FlagSwitch />
        </Form.Item>
      </Col>
    </Row>
  );

  const properties = (
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
                <InputNumber
                  aria-label={label('orderNum')}
                  placeholder={label('orderNum')}
                  min={0}
                  precision={0}
                  style={{ width: 90 }}
                />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                onClick={() => remove(name)}
                aria-label={t('resourceTypes.action.remove')}
              />
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

  const display = (
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
                <InputNumber
                  aria-label={label('orderNum')}
                  placeholder={label('orderNum')}
                  min={0}
                  precision={0}
                  style={{ width: 90 }}
                />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                onClick={() => remove(name)}
                aria-label={t('resourceTypes.action.remove')}
              />
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

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t(type ? 'resourceTypes.editor.editTitle' : 'resourceTypes.editor.createTitle')}
      size="large"
      styles={{ wrapper: { width: 'min(920px, 100vw)' } }}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('resourceTypes.action.cancel')}</Button>
          <Button type="primary" loading={save.isPending || update.isPending} onClick={() => form.submit()}>
            {t('resourceTypes.action.save')}
          </Button>
        </Space>
      }
    >
      <Form<ResourcesTypeFormValues>
        form={form}
        layout="vertical"
        initialValues={toFormValues(type)}
        onFinish={(v) => void submit(v)}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name[0];
          if (first !== undefined) setTab(tabOf[String(first)] ?? 'basic');
          void message.error(t('resourceTypes.message.fixErrors'));
        }}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'basic', label: t('resourceTypes.tab.basic'), forceRender: true, children: basic },
            { key: 'booking', label: t('resourceTypes.tab.booking'), forceRender: true, children: booking },
            { key: 'signin', label: t('resourceTypes.tab.signin'), forceRender: true, children: signin },
            {
              key: 'auth',
              label: t('resourceTypes.tab.auth'),
              forceRender: true,
              children: (
                <Form.Item name="resourcesTypeAuthList" noStyle>
                  <AuthListEditor />
                </Form.Item>
              ),
            },
            { key: 'properties', label: t('resourceTypes.tab.properties'), forceRender: true, children: properties },
            { key: 'display', label: t('resourceTypes.tab.display'), forceRender: true, children: display },
            {
              key: 'release',
              label: t('ballotAdmin.release.title'),
              children: <ReleaseSettings kind="type" id={type?.id} />,
            },
          ]}
        />
      </Form>
    </Drawer>
  );
}
