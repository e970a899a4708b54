import { ApiOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Form, Input, Radio, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCloudMeetingSettings,
  useSaveCloudMeetingSettings,
  useTestCloudMeetingConnection,
} from '../../../../features/meetings/api.ts';
import type { CloudMeetingSettingsInput, MeetingProvider } from '../../../../features/meetings/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';
import { LoadError } from '../sign/listParts.tsx';
import './cloudMeeting.css';

type Values = Required<Omit<CloudMeetingSettingsInput, 'clear_secret' | 'clear_callback_token'>> & {
  clear_secret?: boolean;
  clear_callback_token?: boolean;
};

/**
 * The meeting service (`/manage/cloudMeeting/parameterSetting`): the built-in Jitsi provider or
 * Tencent Meeting, with their settings. Secrets are write-only: the page only says whether one is
 * stored, an empty field keeps it. "Test connection" checks the saved settings with the service.
 */
export default function ParameterSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const settings = useCloudMeetingSettings();
  const save = useSaveCloudMeetingSettings();
  const test = useTestCloudMeetingConnection();
  const provider = Form.useWatch('provider', form) ?? settings.data?.provider ?? 'jitsi';
  const s = (key: string, options?: Record<string, unknown>) => t(`meetings.settings.${key}`, options);

  useEffect(() => {
    const d = settings.data;
    if (!d) return;
    form.setFieldsValue({
      provider: d.provider,
      base_url: d.base_url,
      app_id: d.app_id,
      sdk_id: d.sdk_id,
      secret_id: d.secret_id,
      userid: d.userid,
      secret: '',
      callback_token: '',
      clear_secret: false,
      clear_callback_token: false,
    });
  }, [settings.data, form]);

  const submit = async (v: Values) => {
    try {
      await save.mutateAsync({
        provider: v.provider,
        base_url: v.provider === 'jitsi' ? v.base_url : '',
        app_id: v.app_id,
        sdk_id: v.provider === 'wemeet' ? v.sdk_id : '',
        secret_id: v.provider === 'wemeet' ? v.secret_id : '',
        userid: v.provider === 'wemeet' ? v.userid : '',
        secret: v.secret,
        callback_token: v.provider === 'wemeet' ? v.callback_token : '',
        clear_secret: !!v.clear_secret,
        clear_callback_token: !!v.clear_callback_token,
      });
      void message.success(s('saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const runTest = async () => {
    try {
      const r = await test.mutateAsync();
      void message.success(pick(r.msg, r.msg_en ?? '') || s('testOk'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const d = settings.data;
  const secretExtra = (set: boolean | undefined) => (set ? s('secretSet') : s('secretNotSet'));

  return (
    <Card title={s('title')}>
      <LoadError error={settings.error} />
      <Spin spinning={settings.isLoading}>
        <Form<Values>
          form={form}
          name="meetingSettings"
          layout="vertical"
          className="yy-meeting-settings"
          initialValues={{ provider: 'jitsi' }}
          onFinish={submit}
        >
          <Form.Item name="provider" label={s('provider')}>
            <Radio.Group
              optionType="button"
              options={(['jitsi', 'wemeet'] as MeetingProvider[]).map((p) => ({
                value: p,
                label: t(`meeting.provider.${p}`),
              }))}
            />
          </Form.Item>
          <Alert
            type="info"
            showIcon
            title={provider === 'wemeet' ? s('wemeetHint') : s('jitsiHint')}
            style={{ marginBottom: 16 }}
          />
          {provider === 'jitsi' ? (
            <>
              <Form.Item name="base_url" label={s('baseUrl')}>
                <Input maxLength={200} placeholder={s('baseUrlPlaceholder', { url: d?.default_jitsi_url ?? '' })} />
              </Form.Item>
              <Form.Item
                name="app_id"
                label={s('jitsiAppId')}
                extra={d?.default_jitsi_token ? s('defaultToken') : undefined}
              >
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
              <Form.Item name="secret" label={s('jitsiSecret')} extra={secretExtra(d?.secret_set)}>
                <Input.Password maxLength={500} autoComplete="new-password" />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item label={s('apiUrl')}>
                <Typography.Text code>{d?.wemeet_api_url}</Typography.Text>
              </Form.Item>
              <Form.Item name="app_id" label={s('wemeetAppId')} rules={[{ required: true }]}>
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
              <Form.Item name="sdk_id" label={s('sdkId')}>
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
              <Form.Item name="secret_id" label={s('secretId')} rules={[{ required: true }]}>
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
              <Form.Item name="secret" label={s('secret')} extra={secretExtra(d?.secret_set)}>
                <Input.Password maxLength={500} autoComplete="new-password" />
              </Form.Item>
              <Form.Item name="userid" label={s('userid')} rules={[{ required: true }]}>
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
              <Form.Item name="callback_token" label={s('callbackToken')} extra={secretExtra(d?.callback_token_set)}>
                <Input.Password maxLength={200} autoComplete="new-password" />
              </Form.Item>
              {d?.callback_token_set ? (
                <Form.Item name="clear_callback_token" valuePropName="checked">
                  <Checkbox>{s('clearCallbackToken')}</Checkbox>
                </Form.Item>
              ) : null}
              <Form.Item label={s('callbackUrl')} extra={s('callbackUrlHint')}>
                <Typography.Text copyable className="yy-meeting-callback">
                  {d?.callback_url}
                </Typography.Text>
              </Form.Item>
            </>
          )}
          {d?.secret_set ? (
            <Form.Item name="clear_secret" valuePropName="checked">
              <Checkbox>{s('clearSecret')}</Checkbox>
            </Form.Item>
          ) : null}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {s('save')}
            </Button>
            <Button icon={<ApiOutlined />} loading={test.isPending} onClick={() => void runTest()}>
              {s('test')}
            </Button>
            {d?.updated_by ? (
              <Typography.Text type="secondary">
                {s('updated', { who: d.updated_by, time: dayjs(d.update_time).format('YYYY-MM-DD HH:mm') })}
              </Typography.Text>
            ) : null}
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
