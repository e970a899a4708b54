import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { OUTSIDE_PAGES_MAX, type OutsidePage } from '@yuyue/shared';
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.tsx';
import { isOutsideUrl, outsidePagesOf } from '../../../../features/manage-home/outsidePages.ts';
import { useSaveSysSettings } from '../../../../features/settings/api/saveSysSettings.ts';
import { ensureOk, errorText } from '../../operation-result.ts';

interface Values {
  outside_pages: OutsidePage[];
  admin_contact: string;
}

/**
 * The system settings' section for the back office's external pages (`outside_pages`, shown at
 * /manage/iframe/outside) and the contact a user without a right is told to ask
 * (`admin_contact`, on the no-permission page). Saved on its own; the server checks them again.
 */
export function OutsidePagesSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { settings } = useSession();
  const save = useSaveSysSettings();
  const [form] = Form.useForm<Values>();
  const initial: Values = {
    outside_pages: outsidePagesOf(settings),
    admin_contact: typeof settings.admin_contact === 'string' ? settings.admin_contact : '',
  };
  const initialKey = JSON.stringify(initial);
  useEffect(() => form.resetFields(), [form, initialKey]);

  const submit = async (values: Values) => {
    try {
      ensureOk(
        await save.mutateAsync({
          outside_pages: (values.outside_pages ?? []).map((p) => ({
            name: p.name.trim(),
            name_en: (p.name_en ?? '').trim(),
            url: p.url.trim(),
          })),
          admin_contact: (values.admin_contact ?? '').trim(),
        }),
      );
      void message.success(t('settingsAdmin.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card className="yy-settings-page" title={t('manageHome.settings.title')} style={{ marginTop: 16 }}>
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)}>
        <Typography.Paragraph type="secondary">{t('manageHome.settings.hint')}</Typography.Paragraph>
        <Form.List name="outside_pages">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} wrap align="start" className="yy-outside-row">
                  <Form.Item
                    name={[field.name, 'name']}
                    label={t('manageHome.settings.name', { n: i + 1 })}
                    rules={[
                      { required: true, whitespace: true, message: t('manageHome.settings.nameRequired') },
                      { max: 50 },
                    ]}
                  >
                    <Input style={{ width: 180 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'name_en']}
                    label={t('manageHome.settings.nameEn')}
                    rules={[{ max: 100 }]}
                  >
                    <Input style={{ width: 180 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'url']}
                    label={t('manageHome.settings.url')}
                    rules={[
                      { required: true, whitespace: true, message: t('manageHome.settings.urlInvalid') },
                      {
                        validator: async (_, v: string | undefined) => {
                          if (v && !isOutsideUrl(v.trim())) throw new Error(t('manageHome.settings.urlInvalid'));
                        },
                      },
                    ]}
                  >
                    <Input style={{ width: 360 }} placeholder="https://" inputMode="url" />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={t('manageHome.settings.remove', { n: i + 1 })}
                    />
                  </Form.Item>
                </Space>
              ))}
              <Form.Item>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: '', name_en: '', url: '' })}
                  disabled={fields.length >= OUTSIDE_PAGES_MAX}
                >
                  {t('manageHome.settings.add')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Form.Item
          name="admin_contact"
          label={t('manageHome.settings.contact')}
          extra={t('manageHome.settings.contactHint')}
          rules={[{ max: 200 }]}
        >
          <Input style={{ maxWidth: 480 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('manageHome.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
