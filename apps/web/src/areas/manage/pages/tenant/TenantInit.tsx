import { Alert, Button, Card, ColorPicker, Form, Input, Result, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../../app/session.tsx';
import { useInitTenantsData } from '../../../../features/tenants/api/initTenantsData.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { AntdShell } from '../../../pc/AntdShell.tsx';
import '../../manage.css';

interface FormValues {
  sys_name: string;
  sys_name_en: string;
  bilingual: boolean;
  theme_color: string | { toHexString(): string };
}

/** /tenant/init: the first administrator names the system and picks its theme. */
export default function TenantInit() {
  const { t } = useTranslation();
  const session = useSession();
  const init = useInitTenantsData();
  const result = init.data;
  const en = currentLanguage() === 'en';

  const submit = (values: FormValues) =>
    init.mutate({
      sys_name: values.sys_name.trim(),
      sys_name_en: values.sys_name_en.trim(),
      bilingual: values.bilingual ? '1' : '0',
      theme_color: typeof values.theme_color === 'string' ? values.theme_color : values.theme_color.toHexString(),
    });

  return (
    <AntdShell themeColor={session.settings.theme_color}>
      <main className="yy-tenant-page">
        <Card title={t('tenant.initTitle')} className="yy-tenant-card">
          {result?.errcode === '0' ? (
            <Result
              status="success"
              title={t('tenant.initDone')}
              extra={
                <Link to="/">
                  <Button type="primary">{t('common.backHome')}</Button>
                </Link>
              }
            />
          ) : session.permission !== 'admin' ? (
            <Alert type="warning" showIcon title={t('tenant.adminOnly')} />
          ) : (
            <>
              <Typography.Paragraph type="secondary">{t('tenant.initIntro')}</Typography.Paragraph>
              {result && (
                <Alert type="error" showIcon title={en ? result.msg_en : result.msg} className="yy-tenant-alert" />
              )}
              {init.error && <Alert type="error" showIcon title={init.error.message} className="yy-tenant-alert" />}
              <Form<FormValues>
                layout="vertical"
                initialValues={{
                  sys_name: session.settings.sys_name,
                  sys_name_en: session.settings.sys_name_en,
                  bilingual: session.settings.bilingual === '1',
                  theme_color: session.settings.theme_color,
                }}
                onFinish={submit}
              >
                <Form.Item
                  name="sys_name"
                  label={t('tenant.sysName')}
                  rules={[
                    { required: true, whitespace: true, message: t('common.required', { field: t('tenant.sysName') }) },
                  ]}
                >
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item name="sys_name_en" label={t('tenant.sysNameEn')}>
                  <Input maxLength={200} />
                </Form.Item>
                <Form.Item name="bilingual" label={t('tenant.bilingual')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Form.Item name="theme_color" label={t('tenant.themeColor')}>
                  <ColorPicker disabledAlpha format="hex" showText />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={init.isPending} block>
                  {t('common.submit')}
                </Button>
              </Form>
            </>
          )}
        </Card>
      </main>
    </AntdShell>
  );
}
