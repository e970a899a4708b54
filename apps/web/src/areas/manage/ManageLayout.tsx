import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  LayoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import { App, Avatar, Breadcrumb, Button, Drawer, Dropdown, Layout, Menu, Tooltip } from 'antd';
import Cookies from 'js-cookie';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { useDocumentTitle, useRouteTitleKey } from '../../components/RouteTitle.tsx';
import { signOut } from '../../features/auth/auth.ts';
import { pick } from '../../lib/i18n.ts';
import { AntdShell } from '../pc/AntdShell.tsx';
import { LanguageSwitch } from '../pc/components/LanguageSwitch.tsx';
import { AvatarDialog } from './layout/AvatarDialog.tsx';
import { fullscreenSupported, useFullscreen } from './layout/fullscreen.ts';
import { LayoutSettings } from './layout/LayoutSettings.tsx';
import {
  addTag,
  closeAllTags,
  closeOtherTags,
  closeTag,
  pathAfterClose,
  readTagsView,
  writeTagsView,
  type PageTag,
} from './layout/tags.ts';
import { TagsView, type TagAction } from './layout/TagsView.tsx';
import { useIsMobile } from './layout/useIsMobile.ts';
import { breadcrumbOf, manageAccess, sectionOf, type ManageMenuItem } from './menu.ts';
import { MENU_ICONS } from './menu-icons.tsx';
import { managePaths } from './paths.ts';
import './manage.css';

/** The menus' icons by name (the set /public/svg lists). */
const icons: Record<string, ReactNode> = Object.fromEntries(
  Object.entries(MENU_ICONS).map(([name, { Icon }]) => [name, <Icon key={name} />]),
);

/** Sidebar state cookie (spec 4): '1' open, '0' closed. */
export const SIDEBAR_COOKIE = 'sidebarStatus';
/** Sidebar width (spec 9). */
export const SIDEBAR_WIDTH = 230;

const homeTag: PageTag = { path: managePaths.home, title: 'route.manage.home', affix: true };

type MenuItems = NonNullable<Parameters<typeof Menu>[0]['items']>;

/**
 * The back office (spec 2.6): top bar with logo, system name and tools; collapsible sidebar
 * (a drawer below 992 px); breadcrumb; optional page tags. Admins see the sections their menus
 * grant; resource administrators the bookings list and the sign desk (menu.ts `manageAccess`).
 */
export default function ManageLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const access = manageAccess(session.permission, session.manageRoots);
  if (!access?.mayOpen(pathname)) return <Navigate to="/error/401" replace />;
  return (
    <AntdShell themeColor={session.settings.theme_color}>
      <ManageShell menu={access.menu} />
    </AntdShell>
  );
}

function ManageShell({ menu }: { menu: ManageMenuItem[] }) {
  const session = useSession();
  const { settings } = session;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const titleKey = useRouteTitleKey();
  useDocumentTitle(titleKey ?? '');
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(Cookies.get(SIDEBAR_COOKIE) === '0');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [tagsView, setTagsView] = useState(readTagsView);
  const [tags, setTags] = useState<PageTag[]>([homeTag]);
  const [refreshKey, setRefreshKey] = useState(0);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);
  const fullscreen = useFullscreen();
  const { pathname } = location;

  // The mobile sidebar is an overlay: it gets out of the way once the user picked a page.
  useEffect(() => setDrawerOpen(false), [pathname, mobile]);
  useEffect(() => {
    if (titleKey) setTags((current) => addTag(current, { path: pathname, title: titleKey }));
  }, [pathname, titleKey]);

  const sidebarOpen = mobile ? drawerOpen : !collapsed;
  const toggleSidebar = () => {
    if (mobile) return setDrawerOpen(!drawerOpen);
    Cookies.set(SIDEBAR_COOKIE, collapsed ? '1' : '0');
    setCollapsed(!collapsed);
  };
  const toggleFullscreen = () => {
    if (!fullscreenSupported()) {
      void message.warning(t('common.fullscreenUnsupported'));
      return;
    }
    fullscreen.toggle().catch((err: unknown) => {
      console.warn('[manage] full screen refused', err);
      void message.warning(t('common.fullscreenUnsupported'));
    });
  };
  const changeTagsView = (on: boolean) => {
    writeTagsView(on);
    setTagsView(on);
  };
  const tagAction = (action: TagAction, tag: PageTag) => {
    if (action === 'refresh') {
      if (tag.path !== pathname) navigate(tag.path);
      setRefreshKey((k) => k + 1);
      return;
    }
    const next =
      action === 'close'
        ? closeTag(tags, tag.path)
        : action === 'closeOthers'
          ? closeOtherTags(tags, tag.path)
          : closeAllTags(tags);
    setTags(next);
    const target = action === 'closeOthers' ? tag.path : pathAfterClose(next, pathname, managePaths.home);
    if (target !== pathname) navigate(target);
  };

  const toItems = (items: ManageMenuItem[]): MenuItems =>
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
            label: <NavLink to={item.path}>{t(item.title)}</NavLink>,
          },
    );
  const section = menu.find((item) => sectionOf(item.path) === sectionOf(pathname));
  const systemName = pick(settings.sys_name, settings.sys_name_en) || t('common.systemName');
  const crumbs = breadcrumbOf(pathname, titleKey, managePaths.home);
  const sideMenu = (
    <Menu
      className="yy-manage-menu"
      style={{ borderInlineEnd: 0 }}
      mode="inline"
      selectedKeys={[pathname]}
      defaultOpenKeys={section?.children ? [section.path] : []}
      items={toItems(menu)}
    />
  );
  const toolTip = (title: string, node: ReactNode) => (mobile ? node : <Tooltip title={title}>{node}</Tooltip>);

  return (
    <Layout className={`yy-manage${mobile ? ' is-mobile' : ''}`}>
      <Layout.Header className="yy-manage-topbar">
        <Button
          type="text"
          className="yy-manage-hamburger"
          aria-label={sidebarOpen ? t('manage.collapseSidebar') : t('manage.expandSidebar')}
          aria-expanded={sidebarOpen}
          aria-controls="yy-manage-sidebar"
          icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={toggleSidebar}
        />
        <Link to={managePaths.home} className="yy-manage-brand">
          {settings.logo ? <img src={settings.logo} alt="" height={28} /> : null}
          <span className="yy-manage-brand-name" title={systemName}>
            {systemName}
          </span>
        </Link>
        <div className="yy-manage-tools">
          <Link to={managePaths.instruction} className="yy-manage-guide" aria-label={t('common.userGuide')}>
            <QuestionCircleOutlined aria-hidden />
            <span className="yy-manage-tool-text">{t('common.userGuide')}</span>
          </Link>
          {toolTip(
            fullscreen.active ? t('manage.exitFullscreen') : t('common.fullscreen'),
            <Button
              type="text"
              aria-label={fullscreen.active ? t('manage.exitFullscreen') : t('common.fullscreen')}
              aria-pressed={fullscreen.active}
              icon={fullscreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={toggleFullscreen}
            />,
          )}
          {toolTip(
            t('manage.layoutSettings'),
            <Button
              type="text"
              aria-label={t('manage.layoutSettings')}
              icon={<LayoutOutlined />}
              onClick={() => setSettingsOpen(true)}
            />,
          )}
          <LanguageSwitch bilingual={settings.bilingual} />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'home', label: t('common.home') },
                { key: 'avatar', label: t('common.changeAvatar') },
                { type: 'divider' },
                { key: 'logout', label: t('common.signOut') },
              ],
              onClick: ({ key }) => {
                if (key === 'home') navigate('/pc/home');
                else if (key === 'avatar') setAvatarOpen(true);
                else void signOut();
              },
            }}
          >
            <button type="button" className="yy-manage-user" aria-label={t('manage.userMenu', { name: session.name })}>
              <Avatar size="small" src={session.avatar ?? undefined} alt="">
                {session.name.slice(0, 1)}
              </Avatar>
              <span className="yy-manage-user-name">{session.name}</span>
            </button>
          </Dropdown>
        </div>
      </Layout.Header>
      <Layout hasSider={!mobile}>
        {mobile ? (
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            placement="left"
            size={SIDEBAR_WIDTH}
            title={systemName}
            className="yy-manage-drawer"
            styles={{ body: { padding: 0 } }}
          >
            <nav id="yy-manage-sidebar" aria-label={t('manage.sidebar')}>
              {sideMenu}
            </nav>
          </Drawer>
        ) : (
          <Layout.Sider
            width={SIDEBAR_WIDTH}
            collapsible
            collapsed={collapsed}
            trigger={null}
            theme="light"
            className="yy-manage-sider"
          >
            <nav id="yy-manage-sidebar" aria-label={t('manage.sidebar')}>
              {sideMenu}
            </nav>
          </Layout.Sider>
        )}
        <Layout className="yy-manage-main">
          <div className="yy-manage-navbar">
            <Breadcrumb
              className="yy-manage-breadcrumb"
              items={crumbs.map((c, i) => ({
                title:
                  c.path && i < crumbs.length - 1 ? (
                    <Link to={c.path}>{t(c.title)}</Link>
                  ) : (
                    <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{t(c.title)}</span>
                  ),
              }))}
            />
          </div>
          {tagsView ? <TagsView tags={tags} activePath={pathname} onAction={tagAction} /> : null}
          <Layout.Content className="yy-manage-content" key={refreshKey}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
      <LayoutSettings
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        tagsView={tagsView}
        onTagsView={changeTagsView}
      />
      <AvatarDialog
        open={avatarOpen}
        onClose={() => setAvatarOpen(false)}
        token={session.token}
        account={session.account}
        name={session.name}
        avatar={session.avatar}
      />
    </Layout>
  );
}
