import { App, Empty, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultSysSettings } from '../../../../features/settings/api/sysSettings.ts';
import { MENU_ICONS } from '../../../manage/menu-icons.tsx';
import { AntdShell } from '../../AntdShell.tsx';
import './icons.css';

/** Copies a text; false when the browser refuses (no clipboard, not allowed). */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function Icons() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const names = useMemo(() => {
    const q = search.trim().toLowerCase();
    return Object.keys(MENU_ICONS).filter((n) => !q || n.includes(q) || MENU_ICONS[n]!.antd.toLowerCase().includes(q));
  }, [search]);
  const onCopy = async (name: string) => {
    if (await copy(name)) void message.success(t('iconSprite.copied', { name }));
    else void message.warning(t('iconSprite.copyFailed', { name }));
  };
  return (
    <main className="yy-icons">
      <Typography.Title level={3}>{t('iconSprite.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('iconSprite.hint')}</Typography.Paragraph>
      <Input.Search
        allowClear
        className="yy-icons-search"
        placeholder={t('iconSprite.search')}
        aria-label={t('iconSprite.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <p className="yy-icons-count" aria-live="polite">
        {t('iconSprite.count', { count: names.length })}
      </p>
      {names.length ? (
        <ul className="yy-icons-grid">
          {names.map((name) => {
            const { Icon, antd } = MENU_ICONS[name]!;
            return (
              <li key={name}>
                <button
                  type="button"
                  className="yy-icons-button"
                  onClick={() => void onCopy(name)}
                  aria-label={t('iconSprite.copy', { name })}
                >
                  <span className="yy-icons-glyph" aria-hidden="true">
                    <Icon />
                  </span>
                  <span className="yy-icons-name">{name}</span>
                  <span className="yy-icons-antd">{antd}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <Empty description={t('iconSprite.none')} />
      )}
    </main>
  );
}

/**
 * `/public/svg` (spec 2.3, open without sign-in): the icon set the web app draws menus with, each
 * with the name a menu entry's `icon` takes; a search, and a click copies the name.
 */
export default function IconSprite() {
  return (
    <AntdShell themeColor={defaultSysSettings.theme_color}>
      <Icons />
    </AntdShell>
  );
}
