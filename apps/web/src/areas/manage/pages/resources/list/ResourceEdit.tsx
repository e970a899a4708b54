import {
  App,
  Button,
  Card,
  Divider,
  Form,
  Image,
  Input,
  InputNumber,
  Radio,
  Space,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useResourcesTypeAll } from '../../../../../features/resource-types/api/findResourcesTypeAll.ts';
import { useResources } from '../../../../../features/resources/api/findResources.ts';
import { useSaveResources } from '../../../../../features/resources/api/saveResources.ts';
import { useUpdateResources } from '../../../../../features/resources/api/updateResources.ts';
import { resourceFormOf, resourceInputOf, type ResourceFormValues } from '../../../../../features/resources/form.ts';
import { useResourcesRuleTemplateAll } from '../../../../../features/rules/api/findResourcesRuleTemplateAll.ts';
import { ruleIssues, type RuleIssue } from '../../../../../features/rules/validation.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { RichTextEditor } from '../../../components/RichTextEditor/index.ts';
import { LookupSelect } from '../../../components/LookupSelect.tsx';
import { errorText } from '../../../operation-result.ts';
import { applyRuleIssues } from '../rules/applyRuleIssues.ts';
import { FlagSwitch, RuleFields } from '../rules/RuleFields.tsx';
import { TemplatePreview } from '../rules/TemplatePreview.tsx';
import { AttributesField } from './AttributesField.tsx';
import { NotificationFields, PreauditFields } from './ConfigSections.tsx';
import { ExtendedPropertiesField, useTypeProperties } from './ExtendedPropertiesField.tsx';
import { GrantPicker } from './GrantPicker.tsx';
import { ImagesField } from './ImagesField.tsx';
import { LocationFields } from './LocationFields.tsx';
import { RolesField } from './RolesField.tsx';
import { RESOURCE_LIST_PATH, resourceEditPath } from './paths.ts';
import '../resources.css';
import { RecordState } from '../../../components/RecordState.tsx';
import { CalendarFeedPanel } from '../../../../pc/components/CalendarFeedPanel.tsx';
import { ResourceReleaseCard } from '../../ballot/ReleaseSettings.tsx';

type TabKey = 'basic' | 'location' | 'management' | 'rules' | 'images' | 'visibility' | 'config' | 'custom';

/** The tab that holds a form field (by the first part of its name). */
const TAB_OF: Record<string, TabKey> = {
  resources_type_id: 'basic',
  resources_number: 'basic',
  resources_name: 'basic',
  resources_name_en: 'basic',
  capacity: 'basic',
  available_number: 'basic',
  order: 'basic',
  remark: 'basic',
  campus_code: 'location',
  building_code: 'location',
  floor_code: 'location',
  admin_dept: 'management',
  admin_post: 'management',
  cooperativeDepts: 'management',
  roles: 'management',
  rule_template_id: 'rules',
  rules: 'rules',
  images: 'images',
  visible: 'visibility',
  invisible: 'visibility',
  auth: 'visibility',
  ownConfig: 'config',
  is_notification_push: 'config',
  notifiy_channels: 'config',
  success_notification_rule: 'config',
  cancelToBooker: 'config',
  cancelBookerText: 'config',
  cancelToAdmins: 'config',
  cancelAdminText: 'config',
  success_prompt: 'config',
  success_prompt_en: 'config',
  attributes: 'custom',
  extended: 'custom',
};

/** Enabled (1) or disabled (0) as a switch. */
function StateSwitch({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Switch checked={value === 1} onChange={(on) => onChange?.(on ? 1 : 0)} aria-label={t('resources.field.state')} />
      <span>{t(`resources.state.${value === 1 ? '1' : '0'}`)}</span>
    </Space>
  );
}

/**
 * Adds (`resources-list-add`) or edits (`resources-list/{id}`) a resource in tabs: basic,
 * location, management, rules (a template or its own), images, visibility, settings
 * (approval, pre-audit, notifications, display) and attributes (the type's extended properties
 * and custom attributes). After saving, the edit page shows the resource's QR code.
 */
export default function ResourceEdit() {
  const { id } = useParams();
  const isNew = !id;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const found = useResources(id);
  const save = useSaveResources();
  const update = useUpdateResources();
  const types = useResourcesTypeAll();
  const templates = useResourcesRuleTemplateAll({ first: 200, offset: 0 });
  const [form] = Form.useForm<ResourceFormValues>();
  const [tab, setTab] = useState<TabKey>('basic');
  const [issues, setIssues] = useState<RuleIssue[]>([]);
  const [version, setVersion] = useState(0);
  const [uploading, setUploading] = useState({ zh: 0, en: 0 });
  const ruleSource = (Form.useWatch('rule_source', form) as string | undefined) ?? found.data?.rule_source ?? '0';
  const templateId = Form.useWatch('rule_template_id', form) as string | undefined;
  const typeId = (Form.useWatch('resources_type_id', form) as string | undefined) ?? found.data?.resources_type_id;
  const typeProperties = useTypeProperties(typeId || undefined);

  if (!isNew && !found.data) return <RecordState query={found} notFound={t('resources.message.notFound')} />;
  const resource = found.data ?? null;

  const submit = async () => {
    if (uploading.zh + uploading.en > 0) {
      void message.warning(t('richText.waitForImages'));
      return;
    }
    const values = form.getFieldsValue(true) as ResourceFormValues;
    const problems = values.rule_source === '1' ? [] : ruleIssues(values.rules);
    setIssues(problems);
    const first = applyRuleIssues(form, problems, t, ['rules']);
    if (first) {
      setTab('rules');
      void message.error(first);
      return;
    }
    const model = resourceInputOf(values, typeProperties.codes);
    try {
      if (isNew) {
        const result = await save.mutateAsync(model);
        void message.success(t('resources.message.created'));
        const newId = result.ids?.[0];
        navigate(newId ? resourceEditPath(newId) : RESOURCE_LIST_PATH, { replace: true });
      } else {
        await update.mutateAsync({ ...model, id });
        await found.refetch();
        setVersion((v) => v + 1);
        void message.success(t('resources.message.saved'));
      }
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const required = (field: string) => ({ required: true, message: t('common.required', { field }) });
  const templateOptions = (templates.data?.edges ?? []).map((e) => ({
    value: e.node.id,
    label: pick(e.node.template_name, e.node.template_name_en),
  }));

  const tabs: { key: TabKey; label: string; children: ReactNode }[] = [
    {
      key: 'basic',
      label: t('resources.tab.basic'),
      children: (
        <>
          <Space wrap size="large" align="start">
            <Form.Item
              name="resources_type_id"
              label={t('resources.field.type')}
              rules={[required(t('resources.field.type'))]}
            >
              <LookupSelect
                style={{ width: 220 }}
                loading={types.isPending}
                failed={types.isError}
                placeholder={t('resources.placeholder.pick')}
                options={(types.data ?? []).map((ty) => ({
                  value: ty.id,
                  label: pick(ty.resources_name, ty.resources_name_en),
                }))}
              />
            </Form.Item>
            <Form.Item name="resources_number" label={t('resources.field.number')} rules={[{ max: 64 }]}>
              <Input maxLength={64} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="state" label={t('resources.field.state')}>
              <StateSwitch />
            </Form.Item>
          </Space>
          <Space wrap size="large" align="start" className="yy-resource-names">
            <Form.Item
              name="resources_name"
              label={t('resources.field.name')}
              rules={[{ ...required(t('resources.field.name')), whitespace: true }, { max: 100 }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="resources_name_en" label={t('resources.field.nameEn')} rules={[{ max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Space>
          <Space wrap size="large" align="start">
            <Form.Item
              name="capacity"
              label={t('resources.field.capacity')}
              rules={[required(t('resources.field.capacity'))]}
            >
              <InputNumber min={0} max={1000000} precision={0} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item
              name="available_number"
              label={t('resources.field.availableNumber')}
              extra={t('resources.field.availableNumberHint')}
              rules={[required(t('resources.field.availableNumber'))]}
            >
              <InputNumber min={0} max={100000} precision={0} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="order" label={t('resources.field.order')}>
              <InputNumber min={0} max={1000000} precision={0} style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Form.Item name="remark" label={t('resources.field.remark')} rules={[{ max: 2000 }]}>
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Form.Item name="describe" label={t('resources.field.describe')}>
            <RichTextEditor
              height={160}
              ariaLabel={t('resources.field.describe')}
              onUploadingChange={(n) => setUploading((u) => (u.zh === n ? u : { ...u, zh: n }))}
            />
          </Form.Item>
          <Form.Item name="describe_en" label={t('resources.field.describeEn')}>
            <RichTextEditor
              height={160}
              ariaLabel={t('resources.field.describeEn')}
              onUploadingChange={(n) => setUploading((u) => (u.en === n ? u : { ...u, en: n }))}
            />
          </Form.Item>
        </>
      ),
    },
    { key: 'location', label: t('resources.tab.location'), children: <LocationFields /> },
    {
      key: 'management',
      label: t('resources.tab.management'),
      children: (
        <>
          <Form.Item name="admin_dept" label={t('resources.field.adminDept')}>
            <GrantPicker types={['dept']} ariaLabel={t('resources.field.adminDept')} />
          </Form.Item>
          <Form.Item name="admin_post" label={t('resources.field.adminPost')}>
            <GrantPicker types={['post']} ariaLabel={t('resources.field.adminPost')} />
          </Form.Item>
          <Form.Item
            name="cooperativeDepts"
            label={t('resources.field.cooperativeDepts')}
            extra={t('resources.field.cooperativeDeptsHint')}
          >
            <GrantPicker multiple types={['dept']} ariaLabel={t('resources.field.cooperativeDepts')} />
          </Form.Item>
          <Form.Item
            name="roles"
            label={t('resources.roles.title')}
            rules={[
              {
                validator: (_, rows?: ResourceFormValues['roles']) => {
                  const empty = (rows ?? []).findIndex((r) => !r.dept && !r.post);
                  return empty < 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('resources.roles.empty', { n: empty + 1 })));
                },
              },
            ]}
          >
            <RolesField />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'rules',
      label: t('resources.tab.rules'),
      children: (
        <>
          <Form.Item name="rule_source" label={t('resources.field.ruleSource')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: '1', label: t('resources.ruleSource.1') },
                { value: '0', label: t('resources.ruleSource.0') },
              ]}
            />
          </Form.Item>
          {ruleSource === '1' ? (
            <>
              <Form.Item
                name="rule_template_id"
                label={t('resources.field.template')}
                rules={[required(t('resources.field.template'))]}
              >
                <LookupSelect
                  style={{ width: 320, maxWidth: '100%' }}
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={templates.isPending}
                  failed={templates.isError}
                  placeholder={t('resources.placeholder.pick')}
                  options={templateOptions}
                />
              </Form.Item>
              {templateId ? <TemplatePreview id={templateId} /> : null}
            </>
          ) : (
            <>
              <RuleFields prefix={['rules']} issues={issues} />
            </>
          )}
        </>
      ),
    },
    {
      key: 'images',
      label: t('resources.tab.images'),
      children: (
        <Form.Item name="images" label={t('resources.field.images')} extra={t('resources.image.hint')}>
          <ImagesField />
        </Form.Item>
      ),
    },
    {
      key: 'visibility',
      label: t('resources.tab.visibility'),
      children: (
        <>
          <Form.Item name="visible" label={t('resources.field.visible')} extra={t('resources.field.visibleHint')}>
            <GrantPicker multiple ariaLabel={t('resources.field.visible')} />
          </Form.Item>
          <Form.Item name="invisible" label={t('resources.field.invisible')} extra={t('resources.field.invisibleHint')}>
            <GrantPicker multiple ariaLabel={t('resources.field.invisible')} />
          </Form.Item>
          <Form.Item name="auth" label={t('resources.field.auth')} extra={t('resources.field.authHint')}>
            <GrantPicker multiple ariaLabel={t('resources.field.auth')} />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'config',
      label: t('resources.tab.config'),
      children: (
        <>
          <Typography.Title level={5}>{t('resources.config.approval')}</Typography.Title>
          <Space wrap size="large" align="start">
            <Form.Item name={['ownConfig', 'return_need_approve']} label={t('resources.config.returnApprove')}>
              <FlagSwitch ariaLabel={t('resources.config.returnApprove')} />
            </Form.Item>
            <Form.Item name="open_process_form" label={t('resources.config.processForm')}>
              <FlagSwitch ariaLabel={t('resources.config.processForm')} />
            </Form.Item>
          </Space>
          <Divider />
          <PreauditFields />
          <Divider />
          <NotificationFields />
          <Divider />
          <Typography.Title level={5}>{t('resources.config.display')}</Typography.Title>
          <Space wrap size="large" align="start">
            <Form.Item name="hide_appointment_information" label={t('resources.config.hideBookings')}>
              <FlagSwitch ariaLabel={t('resources.config.hideBookings')} />
            </Form.Item>
            <Form.Item name="hide_resources_detail" label={t('resources.config.hideDetail')}>
              <FlagSwitch ariaLabel={t('resources.config.hideDetail')} />
            </Form.Item>
            <Form.Item name={['ownConfig', 'name_encryption_display']} label={t('resources.config.maskNames')}>
              <FlagSwitch ariaLabel={t('resources.config.maskNames')} />
            </Form.Item>
            <Form.Item name={['ownConfig', 'reservation_info_reuse']} label={t('resources.config.reuseInfo')}>
              <FlagSwitch ariaLabel={t('resources.config.reuseInfo')} />
            </Form.Item>
          </Space>
          <Space wrap size="large" align="start" className="yy-resource-names">
            <Form.Item
              name="success_prompt"
              label={t('resources.config.successPrompt')}
              extra={t('resources.config.successPromptHint')}
              rules={[{ max: 2000 }]}
            >
              <Input maxLength={2000} />
            </Form.Item>
            <Form.Item name="success_prompt_en" label={t('resources.config.successPromptEn')} rules={[{ max: 2000 }]}>
              <Input maxLength={2000} />
            </Form.Item>
          </Space>
        </>
      ),
    },
    {
      key: 'custom',
      label: t('resources.tab.custom'),
      children: (
        <>
          <ExtendedPropertiesField typeId={typeId || undefined} stored={resource?.resourcesExtendedPropertiesList} />
          <Divider />
          <AttributesField />
        </>
      ),
    },
  ];

  return (
    <Card
      className="yy-resource-page"
      title={
        isNew
          ? t('route.manage.resourcesListAdd')
          : `${t('route.manage.resourcesListEdit')} · ${pick(resource?.resources_name, resource?.resources_name_en)}`
      }
    >
      {resource?.qcode_image_url ? (
        <div className="yy-resource-qr" data-testid="resource-qr">
          <Image
            src={resource.qcode_image_url}
            alt={t('resources.qr.alt', { name: pick(resource.resources_name, resource.resources_name_en) })}
            width={112}
            height={112}
          />
          <div>
            <Typography.Text strong>{t('resources.qr.title')}</Typography.Text>
            <Typography.Paragraph type="secondary" className="yy-resource-qr-hint">
              {t('resources.qr.hint')}
            </Typography.Paragraph>
            <a href={resource.qcode_image_url} download={`${resource.resources_number || resource.id}.png`}>
              <DownloadOutlined /> {t('resources.qr.download')}
            </a>
          </div>
        </div>
      ) : null}
      <Form<ResourceFormValues>
        form={form}
        layout="vertical"
        key={`${id ?? 'new'}-${version}`}
        initialValues={resourceFormOf(resource)}
        onFinish={() => void submit()}
        onFinishFailed={({ errorFields }) => {
          const field = errorFields[0];
          if (!field) return;
          const root = String(field.name[0]);
          const target = TAB_OF[root];
          if (target) setTab(target);
          if (field.errors[0]) void message.error(field.errors[0]);
        }}
      >
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as TabKey)}
          items={tabs.map((x) => ({ ...x, forceRender: true }))}
        />
        <Space className="yy-resource-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending || update.isPending}>
            {t('common.save')}
          </Button>
          <Button htmlType="button" onClick={() => navigate(RESOURCE_LIST_PATH)}>
            {t('resources.action.back')}
          </Button>
        </Space>
      </Form>
      {!isNew && id ? (
        <Card
          type="inner"
          size="small"
          title={t('calendar.subscribeResource')}
          className="yy-resource-calendar"
          style={{ marginTop: 16 }}
        >
          <CalendarFeedPanel target={{ kind: 'resource', resourceId: id }} />
        </Card>
      ) : null}
      {!isNew && id ? <ResourceReleaseCard id={id} /> : null}
    </Card>
  );
}
