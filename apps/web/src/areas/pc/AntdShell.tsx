import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { currentLanguage } from '../../lib/i18n.ts';
import { accessibleThemeColor } from '../../lib/theme.ts';

/**
 * antd's colours, made to meet WCAG AA contrast on white: the accessible shade of the settings
 * colour for primary and links (antd's links default to its own blue), danger a darker red than
 * antd's #ff4d4f (3.3:1; danger link buttons such as "cancel booking" are text on white), and
 * secondary, tertiary, placeholder and disabled texts at 55-65% black instead of antd's 45% and 25%.
 * Hovered and pressed primary, link and danger colours go darker, not lighter as antd derives
 * them, so a hovered button's white text (or a hovered link) keeps its contrast. Status tags
 * write their word in the status colour on its pale background: antd's success green (2.2:1),
 * warning gold (1.8:1) and info blue (3.7:1) are too light there, so tags take darker shades of
 * them (5.4:1, 6.5:1, 5.5:1).
 */
function tokensOf(themeColor: string) {
  const primary = accessibleThemeColor(themeColor);
  const hover = accessibleThemeColor(themeColor, 5.5);
  const active = accessibleThemeColor(themeColor, 7);
  return {
    colorPrimary: primary,
    colorPrimaryHover: hover,
    colorPrimaryActive: active,
    colorLink: primary,
    colorLinkHover: hover,
    colorLinkActive: active,
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorTextQuaternary: 'rgba(0, 0, 0, 0.55)',
    colorTextDisabled: 'rgba(0, 0, 0, 0.55)',
  };
}

const tagTokens = { colorSuccess: '#237804', colorWarning: '#874d00', colorInfo: '#0958d9' };

/**
 * antd with the tenant's theme colour (its accessible shade: text and white-on-colour reach WCAG
 * AA) and the user's language; used by the pc and manage areas.
 */
export function AntdShell({ themeColor, children }: { themeColor: string; children: ReactNode }) {
  return (
    <ConfigProvider
      locale={currentLanguage() === 'en' ? enUS : zhCN}
      theme={{ token: tokensOf(themeColor), components: { Tag: tagTokens } }}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
