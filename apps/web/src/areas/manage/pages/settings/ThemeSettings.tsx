import { App, Button, Card, ColorPicker, Form, Input, Space } from 'antd';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.tsx';
import { pick } from '../../../../lib/i18n.ts';
import { useFindSysSettings } from '../../../../features/settings/api/findSysSettings.ts';
import { useSaveSysSettings } from '../../../../features/settings/api/saveSysSettings.ts';
import { ImageUploadField } from './ImageUploadField.tsx';
import { ensureOk, errorText } from '../../operation-result.ts';
import { THEME_PRESETS } from './SysSettings.tsx';
import './settings-pages.css';
import { RecordState } from '../../components/RecordState.tsx';

interface Values {
  theme_banner: string;
  theme_welcome: string;
  theme_welcome_en: string;
  theme_page_color: string;
}

const hexOf = (c: string | { toHexString(): string } | null | undefined) =>
  c == null ? '' : typeof c === 'string' ? c : c.toHexString();

/**
 * Theme page settings (`/manage/settings/theme/{id}`, hidden): the portal home page's look,
 * kept as `theme_*` keys of the settings `{id}`: banner image, welcome text and colour.
 */
export default function ThemeSettings() {
  const { id } = useParams();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { settings } = useSession();
  const row = useFindSysSettings();
  const save = useSaveSysSettings();
  const [form] = Form.useForm<Values>();
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;

  const initial: Values = {
    theme_banner: String(settings.theme_banner ?? ''),
    theme_welcome: String(settings.theme_welcome ?? ''),
    theme_welcome_en: String(settings.theme_welcome_en ?? ''),
    theme_page_color: String(settings.theme_page_color ?? ''),
  };
  // The settings arrive after the first render and reload after a save: show what is stored.
  const initialKey = JSON.stringify(initial);
  const loaded = row.data !== undefined;
  useEffect(() => {
    if (loaded) form.resetFields();
  }, [form, initialKey, loaded]);

  if (!row.data || row.data.id !== id) {
    return (
      <RecordState
        query={row.data ? { isLoading: false, isFetching: false, error: null, refetch: row.refetch } : row}
        notFound={t('settingsAdmin.themeNotFound')}
        extra={<Link to="/manage/settings/sys">{t('route.manage.settingsSys')}</Link>}
      />
    );
  }

  const preview = { ...initial, ...watched };
  const color = hexOf(preview.theme_page_color) || String(settings.theme_color || THEME_PRESETS[0]);

  const submit = async (values: Values) => {
    try {
      ensureOk(
        await save.mutateAsync({
          theme_banner: values.theme_banner ?? '',
          theme_welcome: (values.theme_welcome ?? '').trim(),
          theme_welcome_en: (values.theme_welcome_en ?? '').trim(),
          theme_page_color: hexOf(values.theme_page_color),
        }),
      );
      void message.success(t('settingsAdmin.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card className="yy-settings-page" title={t('route.manage.settingsTheme')}>
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="theme_banner"
          label={t('settingsAdmin.themeBanner')}
          extra={t('settingsAdmin.themeBannerHint')}
        >
          <ImageUploadField label={t('settingsAdmin.themeBanner')} previewHeight={72} />
        </Form.Item>
        <Form.Item name="theme_welcome" label={t('settingsAdmin.themeWelcome')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="theme_welcome_en" label={t('settingsAdmin.themeWelcomeEn')} rules={[{ max: 1000 }]}>
          <Input.TextArea rows={2} maxLength={1000} showCount />
        </Form.Item>
        <Form.Item
          name="theme_page_color"
          label={t('settingsAdmin.themePageColor')}
          extra={t('settingsAdmin.themePageColorHint')}
          getValueFromEvent={hexOf}
        >
          <ColorPicker
            disabledAlpha
            allowClear
            showText
            presets={[{ label: t('settingsAdmin.themePresets'), colors: [...THEME_PRESETS] }]}
            aria-label={t('settingsAdmin.themePageColor')}
          />
        </Form.Item>
        <Form.Item label={t('settingsAdmin.preview')}>
          <div
            className="yy-theme-preview"
            role="img"
            aria-label={t('settingsAdmin.preview')}
            style={{
              backgroundColor: color,
              backgroundImage: preview.theme_banner ? `url("${preview.theme_banner}")` : undefined,
            }}
          >
            <span className="yy-theme-preview-text">
              {pick(preview.theme_welcome, preview.theme_welcome_en) || t('settingsAdmin.themeWelcomePlaceholder')}
            </span>
          </div>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
          <Link to="/manage/settings/sys">
            <Button htmlType="button">{t('settingsAdmin.back')}</Button>
          </Link>
        </Space>
      </Form>
    </Card>
  );
}
