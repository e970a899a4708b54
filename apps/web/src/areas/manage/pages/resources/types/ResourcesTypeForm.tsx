import { App, Button, Drawer, Form, Space, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFindCodesAll } from '../../../../../features/code-tables/api/findCodesAll.ts';
import type { ResourcesType } from '../../../../../features/resource-types/api/types.ts';
import { toFormValues, type ResourcesTypeFormValues } from '../../../../../features/resource-types/typeForm.ts';
import '../../settings/settings-pages.css';
import { AuthListEditor } from './AuthListEditor.tsx';
import { BasicTab } from './BasicTab.tsx';
import { BookingRulesTab } from './BookingRulesTab.tsx';
import { DisplayInfoList } from './DisplayInfoList.tsx';
import { ExtendedPropertiesList } from './ExtendedPropertiesList.tsx';
import { SigninTab } from './SigninTab.tsx';
import { useTypeFormSubmit } from './useTypeFormSubmit.ts';
import './resource-types.css';
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
  const { submit, saving } = useTypeFormSubmit(type, onClose);
  const codes = useFindCodesAll({ first: 200, offset: 0, filter: {} });

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(toFormValues(type));
      setTab('basic');
    }
  }, [open, type, form]);

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
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
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
            {
              key: 'basic',
              label: t('resourceTypes.tab.basic'),
              forceRender: true,
              children: <BasicTab form={form} />,
            },
            {
              key: 'booking',
              label: t('resourceTypes.tab.booking'),
              forceRender: true,
              children: <BookingRulesTab form={form} />,
            },
            {
              key: 'signin',
              label: t('resourceTypes.tab.signin'),
              forceRender: true,
              children: <SigninTab form={form} />,
            },
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
            {
              key: 'properties',
              label: t('resourceTypes.tab.properties'),
              forceRender: true,
              children: <ExtendedPropertiesList form={form} codes={codes} />,
            },
            {
              key: 'display',
              label: t('resourceTypes.tab.display'),
              forceRender: true,
              children: <DisplayInfoList form={form} />,
            },
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
