import { Alert, App, Button, Card, ColorPicker, Form, Input, Radio, Space, Switch } from 'antd';
import { SkinOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.tsx';
import { useFindSysSettings } from '../../../../features/settings/api/findSysSettings.ts';
import { useSaveSysSettings } from '../../../../features/settings/api/saveSysSettings.ts';
import { OutsidePagesSettings } from '../iframe/OutsidePagesSettings.tsx';
import { ImageUploadField } from './ImageUploadField.tsx';
import { ensureOk, errorText } from '../../operation-result.ts';
import './settings-pages.css';

/** Theme colours offered first (spec 9): the default and the other theme. */
export const THEME_PRESETS = ['#3399fe', '#72122d'] as const;

interface Values {
  sys_name: string;
  sys_name_en: string;
  logo: string;
  portal_logo: string;
  page_title: string;
  page_title_en: string;
  bilingual: boolean;
  theme_color: string;
  local_menu_mode: boolean;
  allow_self_approval: boolean;
}

/** A colour picker's value as "#rrggbb". */
const hexOf = (c: string | { toHexString(): string }) => (typeof c === 'string' ? c : c.toHexString());

/**
 * System settings (`/manage/settings/sys`): names, logos, titles, language switch, theme
 * colour and menu mode. Saving reloads the settings, so the layout changes at once.
 */
export default function SysSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { settings } = useSession();
  const row = useFindSysSettings();
  const save = useSaveSysSettings();
  const [form] = Form.useForm<Values>();
  const themeColor = Form.useWatch('theme_color', form) ?? settings.theme_color;

  const initial: Values = {
    sys_name: String(settings.sys_name ?? ''),
    sys_name_en: String(settings.sys_name_en ?? ''),
    logo: String(settings.logo ?? ''),
    portal_logo: String(settings.portal_logo ?? ''),
    page_title: String(settings.page_title ?? ''),
    page_title_en: String(settings.page_title_en ?? ''),
    bilingual: settings.bilingual === '1',
    theme_color: String(settings.theme_color || THEME_PRESETS[0]),
    local_menu_mode: settings.local_menu_mode === 'YES',
    allow_self_approval: settings.allow_self_approval === '1',
  };

  // The settings arrive after the first render and reload after a save: show what is stored.
  const initialKey = JSON.stringify(initial);
  useEffect(() => form.resetFields(), [form, initialKey]);

  const submit = async (values: Values) => {
    try {
      ensureOk(
        await save.mutateAsync({
          sys_name: values.sys_name.trim(),
          sys_name_en: values.sys_name_en.trim(),
          logo: values.logo,
          portal_logo: values.portal_logo,
          page_title: values.page_title.trim(),
          page_title_en: values.page_title_en.trim(),
          bilingual: values.bilingual ? '1' : '0',
          theme_color: hexOf(values.theme_color),
          local_menu_mode: values.local_menu_mode ? 'YES' : 'NO',
          allow_self_approval: values.allow_self_approval ? '1' : '0',
        }),
      );
      void message.success(t('settingsAdmin.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const required = (field: string) => ({ required: true, whitespace: true, message: t('common.required', { field }) });

  return (
    <>
      <Card className="yy-settings-page" title={t('route.manage.settingsSys')}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={(v) => void submit(v)}
          requiredMark
        >
          <Space wrap size="large" style={{ display: 'flex' }} align="start">
            <Form.Item
              name="sys_name"
              label={t('settingsAdmin.sysName')}
              rules={[required(t('settingsAdmin.sysName')), { max: 100 }]}
            >
              <Input maxLength={100} style={{ width: 320, maxWidth: '100%' }} />
            </Form.Item>
            <Form.Item name="sys_name_en" label={t('settingsAdmin.sysNameEn')} rules={[{ max: 200 }]}>
              <Input maxLength={200} style={{ width: 320, maxWidth: '100%' }} />
            </Form.Item>
          </Space>
          <Form.Item name="logo" label={t('settingsAdmin.logo')} extra={t('settingsAdmin.logoHint')}>
            <ImageUploadField label={t('settingsAdmin.logo')} />
          </Form.Item>
          <Form.Item name="portal_logo" label={t('settingsAdmin.portalLogo')} extra={t('settingsAdmin.portalLogoHint')}>
            <ImageUploadField label={t('settingsAdmin.portalLogo')} />
          </Form.Item>
          <Space wrap size="large" style={{ display: 'flex' }} align="start">
            <Form.Item name="page_title" label={t('settingsAdmin.pageTitle')} rules={[{ max: 100 }]}>
              <Input maxLength={100} placeholder="预约中心" style={{ width: 320, maxWidth: '100%' }} />
            </Form.Item>
            <Form.Item name="page_title_en" label={t('settingsAdmin.pageTitleEn')} rules={[{ max: 200 }]}>
              <Input maxLength={200} placeholder="Reservation Center" style={{ width: 320, maxWidth: '100%' }} />
            </Form.Item>
          </Space>
          <Form.Item
            name="bilingual"
            label={t('settingsAdmin.bilingual')}
            valuePropName="checked"
            extra={t('settingsAdmin.bilingualHint')}
          >
            <Switch checkedChildren={t('settingsAdmin.on')} unCheckedChildren={t('settingsAdmin.off')} />
          </Form.Item>
          <Form.Item label={t('settingsAdmin.themeColor')} required>
            <Space wrap>
              <Radio.Group
                value={(THEME_PRESETS as readonly string[]).includes(hexOf(themeColor)) ? hexOf(themeColor) : undefined}
                onChange={(e) => form.setFieldValue('theme_color', e.target.value)}
                aria-label={t('settingsAdmin.themePresets')}
              >
                {THEME_PRESETS.map((c) => (
                  <Radio.Button key={c} value={c}>
                    <span className="yy-swatch" style={{ background: c }} aria-hidden />
                    {c === THEME_PRESETS[0] ? t('settingsAdmin.themeDefault') : t('settingsAdmin.themeOther')} {c}
                  </Radio.Button>
                ))}
              </Radio.Group>
              <Form.Item name="theme_color" noStyle getValueFromEvent={hexOf}>
                <ColorPicker disabledAlpha showText aria-label={t('settingsAdmin.themeCustom')} />
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item label={t('settingsAdmin.themePage')} extra={t('settingsAdmin.themePageHint')}>
            {row.data ? (
              <Link to={`/manage/settings/theme/${row.data.id}`}>
                <SkinOutlined aria-hidden /> {t('settingsAdmin.themePageLink')}
              </Link>
            ) : (
              <span>{t('common.loading')}</span>
            )}
          </Form.Item>
          <Form.Item
            name="local_menu_mode"
            label={t('settingsAdmin.localMenuMode')}
            valuePropName="checked"
            extra={t('settingsAdmin.localMenuModeHint')}
          >
            <Switch checkedChildren="YES" unCheckedChildren="NO" />
          </Form.Item>
          <Form.Item
            name="allow_self_approval"
            label={t('settingsAdmin.allowSelfApproval')}
            valuePropName="checked"
            extra={t('settingsAdmin.allowSelfApprovalHint')}
          >
            <Switch />
          </Form.Item>
          {save.isError ? (
            <Alert type="error" showIcon title={errorText(save.error)} style={{ marginBottom: 16 }} />
          ) : null}
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
            <Button htmlType="button" onClick={() => form.resetFields()}>
              {t('settingsAdmin.reset')}
            </Button>
          </Space>
        </Form>
      </Card>
      {/* (section: manage-home) the external pages and the administrators' contact */}
      <OutsidePagesSettings />
    </>
  );
}
