import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { currentLanguage } from '../../lib/i18n.ts';

/** antd with the tenant's theme colour and the user's language; used by the pc and manage areas. */
export function AntdShell({ themeColor, children }: { themeColor: string; children: ReactNode }) {
  return (
    <ConfigProvider
      locale={currentLanguage() === 'en' ? enUS : zhCN}
      theme={{ token: { colorPrimary: /^#[0-9a-fA-F]{6}$/.test(themeColor) ? themeColor : '#3399fe' } }}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
