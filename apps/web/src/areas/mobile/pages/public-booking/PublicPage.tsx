import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';
import { useSysSettings } from '../../../../features/settings/api/sysSettings.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { accessibleThemeColor } from '../../../../lib/theme.ts';
import '../booking/booking.css';
import './public-booking.css';

/**
 * The frame of an open phone page (no sign-in, no mobile layout): antd-mobile in the page's
 * language, the tenant's theme colour (read without a token), and a title bar.
 */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  const settings = useSysSettings(null);
  return (
    <ConfigProvider locale={currentLanguage() === 'en' ? enUS : zhCN}>
      <div
        className="yy-pb-page yy-m-page"
        style={{ ['--adm-color-primary' as string]: accessibleThemeColor(settings.theme_color) }}
      >
        <header className="yy-pb-head">{title}</header>
        <main>{children}</main>
      </div>
    </ConfigProvider>
  );
}
