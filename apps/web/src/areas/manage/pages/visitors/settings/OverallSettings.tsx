import { Alert, App, Button, Card, Form, Input, InputNumber, Skeleton, Switch, Tabs, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFindVisitorOverallSettingsEntity } from '../../../../../features/visitors-admin/settings/findVisitorOverallSettingsEntity.ts';
import { useUpdateVisitorOverallSettingsEntity } from '../../../../../features/visitors-admin/settings/updateVisitorOverallSettingsEntity.ts';
import { RichTextEditor } from '../../../components/RichTextEditor/index.ts';
import { ensureOk, errorText } from '../../../operation-result.ts';
import { ImageUploadField } from '../../settings/ImageUploadField.tsx';
import { AreaSelect, flagOf, idsOf, on } from './parts.tsx';
import { VisitorAdmins } from './VisitorAdmins.tsx';
import './visitors-settings.css';

interface Values {
  sys_name: string;
  banner_img: string;
  is_welcome_setting: boolean;
  welcome_content: string;
  is_visitor_qr_code: boolean;
  is_visitor_infor: boolean;
  is_invite_school_flow_path: boolean;
  areas: string[];
  retention_days: number;
}

/** The overall settings form: what the visitor's phone pages show and how visits are handled. */
function SettingsForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useFindVisitorOverallSettingsEntity();
  const update = useUpdateVisitorOverallSettingsEntity();
  const [form] = Form.useForm<Values>();
  const data = settings.data;

  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({
      sys_name: data.sys_name,
      banner_img: data.banner_img,
      is_welcome_setting: on(data.is_welcome_setting),
      welcome_content: data.welcome_content,
      is_visitor_qr_code: on(data.is_visitor_qr_code),
      is_visitor_infor: on(data.is_visitor_infor),
      is_invite_school_flow_path: on(data.is_invite_school_flow_path),
      areas: idsOf(data.apply_school_resources),
      retention_days: data.retention_days,
    });
  }, [data, form]);

  if (settings.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (settings.isError || !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('visitorsSettings.loadFailed')}
        description={errorText(settings.error)}
        action={<Button onClick={() => void settings.refetch()}>{t('visitorsSettings.retry')}</Button>}
      />
    );
  }

  const submit = async (v: Values) => {
    try {
      ensureOk(
        await update.mutateAsync({
          sys_name: v.sys_name?.trim() ?? '',
          banner_img: v.banner_img ?? '',
          is_welcome_setting: flagOf(v.is_welcome_setting),
          welcome_content: v.welcome_content ?? '',
          is_visitor_qr_code: flagOf(v.is_visitor_qr_code),
          is_visitor_infor: flagOf(v.is_visitor_infor),
          is_invite_school_flow_path: flagOf(v.is_invite_school_flow_path),
          apply_school_resources: (v.areas ?? []).join(','),
          retention_days: v.retention_days,
        }),
      );
      void message.success(t('visitorsSettings.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Form<Values> form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 15 }} onFinish={submit}>
      <Form.Item name="sys_name" label={t('visitorsSettings.sysName')} extra={t('visitorsSettings.sysNameHelp')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="banner_img" label={t('visitorsSettings.bannerImg')}>
        <ImageUploadField label={t('visitorsSettings.bannerImg')} previewHeight={80} />
      </Form.Item>
      <Form.Item name="is_welcome_setting" label={t('visitorsSettings.welcomeSetting')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="welcome_content" label={t('visitorsSettings.welcomeContent')}>
        <RichTextEditor height={160} ariaLabel={t('visitorsSettings.welcomeContent')} />
      </Form.Item>
      <Form.Item
        name="is_visitor_qr_code"
        label={t('visitorsSettings.qrCode')}
        valuePropName="checked"
        extra={t('visitorsSettings.qrCodeHelp')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="is_visitor_infor"
        label={t('visitorsSettings.infoCollection')}
        valuePropName="checked"
        extra={t('visitorsSettings.infoCollectionHelp')}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="areas" label={t('visitorsSettings.areas')} extra={t('visitorsSettings.areasHelp')}>
        <AreaSelect />
      </Form.Item>
      <Form.Item
        name="is_invite_school_flow_path"
        label={t('visitorsSettings.inviteApproval')}
        valuePropName="checked"
        extra={t('visitorsSettings.inviteApprovalHelp')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="retention_days"
        label={t('visitorsSettings.retentionDays')}
        extra={t('visitorsSettings.retentionHelp')}
        rules={[{ required: true, type: 'integer', min: 7, max: 3650, message: t('visitorsSettings.retentionHelp') }]}
      >
        <InputNumber min={7} max={3650} precision={0} suffix={t('visitorsSettings.days')} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 5 }}>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('visitorsSettings.save')}
        </Button>
        <Typography.Text type="secondary" className="yy-vs-modtime">
          {t('visitorsSettings.modTime')}: {data.mod_time}
        </Typography.Text>
      </Form.Item>
    </Form>
  );
}

/** `/manage/visitorManagement/overallSettings`: the overall settings and, as a tab, the visitor administrators. */
export default function OverallSettings() {
  const { t } = useTranslation();
  return (
    <Card className="yy-vs-page">
      <Tabs
        items={[
          { key: 'settings', label: t('visitorsSettings.tabSettings'), children: <SettingsForm /> },
          { key: 'admins', label: t('visitorsSettings.tabAdmins'), children: <VisitorAdmins /> },
        ]}
      />
    </Card>
  );
}
