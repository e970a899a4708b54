import { Avatar, Dropdown, Layout, Menu, Modal, Space, Typography, type MenuProps } from 'antd';
import { CalendarFeedPanel } from './components/CalendarFeedPanel.tsx';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { useDocumentTitle, useRouteTitleKey } from '../../components/RouteTitle.tsx';
import { signOut } from '../../features/auth/auth.ts';
import { entersBackOffice } from '../../features/directory/permission.ts';
import { useResourcesTypeAllByAccount } from '../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { groupTypesByTag } from '../../features/resource-types/navGroups.ts';
import { currentLanguage, pick } from '../../lib/i18n.ts';
import { managePaths } from '../manage/paths.ts';
import { AntdShell } from './AntdShell.tsx';
import { accessibleThemeColor } from '../../lib/theme.ts';
import { LanguageSwitch } from './components/LanguageSwitch.tsx';
import { NoticePopup } from './components/NoticePopup.tsx';
import { pcPaths } from './paths.ts';
import { visitorPaths } from '../mobile/pages/visitors/paths.ts';
import './pc.css';

/** The resource types the user may book, grouped by tag, as portal menu items (spec 2.6). */
function useTypeNavItems(): NonNullable<MenuProps['items']> {
  const types = useResourcesTypeAllByAccount();
  useEffect(() => {
    // a failed resource type load is only logged (spec 8)
    if (types.error) console.warn('[portal] failed to load resource types', types.error);
  }, [types.error]);
  return useMemo(
    () =>
      groupTypesByTag(types.data ?? [], currentLanguage()).map((entry) =>
        entry.kind === 'type'
          ? {
              key: pcPaths.resourceList(entry.type.id),
              label: <Link to={pcPaths.resourceList(entry.type.id)}>{entry.type.name}</Link>,
            }
          : {
              key: entry.key,
              label: entry.label,
              children: entry.types.map((ty) => ({
                key: pcPaths.resourceList(ty.id),
                label: <Link to={pcPaths.resourceList(ty.id)}>{ty.name}</Link>,
              })),
            },
      ),
    [types.data],
  );
}

/**
 * The settings colour as `--yy-primary` on the document, so the portal's own styles (and its
 * dialogs, which render outside the layout) follow the theme like antd's components.
 */
function useThemeVariable(color: string) {
  useEffect(() => {
    if (!/^#[0-9a-fA-F]{6}$/.test(color)) return;
    const root = document.documentElement.style;
    const before = root.getPropertyValue('--yy-primary');
    root.setProperty('--yy-primary', color);
    return () => {
      if (before) root.setProperty('--yy-primary', before);
      else root.removeProperty('--yy-primary');
    };
  }, [color]);
}

/** The desktop portal: header with logo, navigation, language switch and user menu. */
export default function PcLayout() {
  const session = useSession();
  const { settings } = session;
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  useDocumentTitle(useRouteTitleKey() ?? '');
  const logo = settings.portal_logo || settings.logo;
  const typeItems = useTypeNavItems();
  useThemeVariable(accessibleThemeColor(settings.theme_color));
  const [calendarOpen, setCalendarOpen] = useState(false);

  const userMenu = [
    ...(entersBackOffice(session.permission) ? [{ key: 'manage', label: t('common.enterManagement') }] : []),
    // the visitor pages are phone pages (no desktop page of their own)
    { key: 'visitors', label: t('route.mobile.visitorHome') },
    { key: 'calendar', label: t('calendar.subscribe') },
    { key: 'logout', label: t('common.signOut') },
  ];

  return (
    <AntdShell themeColor={settings.theme_color}>
      <Layout className="yy-pc">
        <Layout.Header className="yy-pc-header">
          <Link to={pcPaths.home} className="yy-pc-brand">
            {logo ? <img src={logo} alt="" height={32} /> : null}
            <span className="yy-pc-brand-name">{pick(settings.page_title, settings.page_title_en)}</span>
          </Link>
          <Menu
            mode="horizontal"
            className="yy-pc-nav"
            selectedKeys={[location.pathname]}
            items={[
              { key: pcPaths.home, label: <Link to={pcPaths.home}>{t('common.home')}</Link> },
              ...typeItems,
              {
                key: pcPaths.myAppointment,
                label: <Link to={pcPaths.myAppointment}>{t('common.myAppointment')}</Link>,
              },
            ]}
          />
          <Space size="middle">
            <LanguageSwitch bilingual={settings.bilingual} />
            <Dropdown
              menu={{
                items: userMenu,
                onClick: ({ key }) =>
                  key === 'manage'
                    ? navigate(managePaths.home)
                    : key === 'visitors'
                      ? navigate(visitorPaths.home)
                      : key === 'calendar'
                        ? setCalendarOpen(true)
                        : void signOut(),
              }}
            >
              <button type="button" className="yy-pc-user" aria-label={session.name}>
                <Avatar size="small" src={session.avatar ?? undefined}>
                  {session.name.slice(0, 1)}
                </Avatar>
                <Typography.Text className="yy-pc-user-name">{session.name}</Typography.Text>
              </button>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content className="yy-pc-content">
          <Outlet />
        </Layout.Content>
        <NoticePopup account={session.account} name={session.name} />
        <Modal
          open={calendarOpen}
          title={t('calendar.subscribe')}
          onCancel={() => setCalendarOpen(false)}
          footer={null}
          destroyOnHidden
        >
          <CalendarFeedPanel target={{ kind: 'user' }} />
        </Modal>
      </Layout>
    </AntdShell>
  );
}
