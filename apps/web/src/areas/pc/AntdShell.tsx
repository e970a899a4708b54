import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { currentLanguage } from '../../lib/i18n.ts';
import { accessibleThemeColor } from '../../lib/theme.ts';

/**
 * antd with the tenant's theme colour (its accessible shade: text and white-on-colour reach WCAG
 * AA) and the user's language; used by the pc and manage areas.
 */
export function AntdShell({ themeColor, children }: { themeColor: string; children: ReactNode }) {
  return (
    <ConfigProvider
      locale={currentLanguage() === 'en' ? enUS : zhCN}
      theme={{ token: { colorPrimary: accessibleThemeColor(themeColor) } }}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
