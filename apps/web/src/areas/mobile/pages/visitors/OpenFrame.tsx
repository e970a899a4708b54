import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';
import { useSysSettings } from '../../../../features/settings/api/sysSettings.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { accessibleThemeColor } from '../../../../lib/theme.ts';

/**
 * An open page's frame (no mobile layout, no sign-in): antd-mobile in the page's language, the
 * tenant's theme colour, a phone's width on a wide screen (as the mobile layout).
 */
export function OpenFrame({ children }: { children: ReactNode }) {
  const settings = useSysSettings(null);
  return (
    <ConfigProvider locale={currentLanguage() === 'en' ? enUS : zhCN}>
      <main
        className="yy-m-page yy-v-page yy-v-open"
        style={{ ['--adm-color-primary' as string]: accessibleThemeColor(settings.theme_color) }}
      >
        {children}
      </main>
    </ConfigProvider>
  );
}
