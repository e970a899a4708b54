import {
  AppstoreOutlined,
  CalendarOutlined,
  ControlOutlined,
  HomeOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  ScanOutlined,
  SettingOutlined,
  StarOutlined,
  StopOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Avatar, Breadcrumb, Button, Dropdown, Layout, Menu, Space, Typography } from 'antd';
import Cookies from 'js-cookie';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { useDocumentTitle, useRouteTitleKey } from '../../components/RouteTitle.tsx';
import { signOut } from '../../features/auth/auth.ts';
import { pick } from '../../lib/i18n.ts';
import { AntdShell } from '../pc/AntdShell.tsx';
import { LanguageSwitch } from '../pc/components/LanguageSwitch.tsx';
import { sectionOf, visibleMenu, type ManageMenuItem } from './menu.ts';
import { managePaths } from './paths.ts';
import './manage.css';

const icons: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  appstore: <AppstoreOutlined />,
  calendar: <CalendarOutlined />,
  scan: <ScanOutlined />,
  stop: <StopOutlined />,
  star: <StarOutlined />,
  notification: <NotificationOutlined />,
  video: <VideoCameraOutlined />,
  team: <TeamOutlined />,
  safety: <SafetyOutlined />,
  control: <ControlOutlined />,
  setting: <SettingOutlined />,
};

/** Sidebar state cookie (spec 4): '1' open, '0' closed. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

/** The back office: sidebar, header with breadcrumb, language, guide and user menu. Admins only. */
export default function ManageLayout() {
  const session = useSession();
  const { settings } = session;
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const titleKey = useRouteTitleKey();
  useDocumentTitle(titleKey ?? '');
  const [collapsed, setCollapsed] = useState(Cookies.get(SIDEBAR_COOKIE) === '0');

  if (session.permission !== 'admin') return <Navigate to="/error/401" replace />;
  const menu = visibleMenu(session.manageRoots);
  const allowed = menu.some((item) => sectionOf(item.path) === sectionOf(location.pathname));
  if (!allowed) return <Navigate to="/error/401" replace />;

  const toggle = () => {
    Cookies.set(SIDEBAR_COOKIE, collapsed ? '1' : '0');
    setCollapsed(!collapsed);
  };
  const toItems = (items: ManageMenuItem[]): NonNullable<Parameters<typeof Menu>[0]['items']> =>
    items.map((item) =>
      item.children
        ? {
            key: item.path,
            icon: item.icon ? icons[item.icon] : undefined,
            label: t(item.title),
            children: toItems(item.children),
          }
        : {
            key: item.path,
            icon: item.icon ? icons[item.icon] : undefined,
            label: <Link to={item.path}>{t(item.title)}</Link>,
          },
    );
  const section = menu.find((item) => sectionOf(item.path) === sectionOf(location.pathname));
  const systemName = pick(settings.sys_name, settings.sys_name_en) || t('common.systemName');

  return (
    <AntdShell themeColor={settings.theme_color}>
      <Layout className="yy-manage">
        <Layout.Sider
          width={230}
          collapsible
          collapsed={collapsed}
          trigger={null}
          theme="light"
          className="yy-manage-sider"
        >
          <Link to={managePaths.home} className="yy-manage-brand">
            {settings.logo ? <img src={settings.logo} alt="" height={28} /> : null}
            {!collapsed && <span>{systemName}</span>}
          </Link>
          <Menu
            mode="inline"
            selectedKeys={[location.pathname]}
            defaultOpenKeys={section?.children ? [section.path] : []}
            items={toItems(menu)}
          />
        </Layout.Sider>
        <Layout>
          <Layout.Header className="yy-manage-header">
            <Button
              type="text"
              aria-label={collapsed ? 'expand' : 'collapse'}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggle}
            />
            <Breadcrumb
              className="yy-manage-breadcrumb"
              items={[
                { title: <Link to={managePaths.home}>{t('route.manage.home')}</Link> },
                ...(section && section.path !== managePaths.home ? [{ title: t(section.title) }] : []),
                ...(titleKey && titleKey !== section?.title && location.pathname !== managePaths.home
                  ? [{ title: t(titleKey) }]
                  : []),
              ]}
            />
            <Space size="middle">
              <Link to={managePaths.instruction}>
                <QuestionCircleOutlined /> {t('common.userGuide')}
              </Link>
              <LanguageSwitch bilingual={settings.bilingual} />
              <Dropdown
                menu={{
                  items: [
                    { key: 'home', label: t('common.home') },
                    { key: 'logout', label: t('common.signOut') },
                  ],
                  onClick: ({ key }) => (key === 'home' ? navigate('/pc/home') : void signOut()),
                }}
              >
                <button type="button" className="yy-manage-user">
                  <Avatar size="small" src={session.avatar ?? undefined}>
                    {session.name.slice(0, 1)}
                  </Avatar>
                  <Typography.Text>{session.name}</Typography.Text>
                </button>
              </Dropdown>
            </Space>
          </Layout.Header>
          <Layout.Content className="yy-manage-content">
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </AntdShell>
  );
}
