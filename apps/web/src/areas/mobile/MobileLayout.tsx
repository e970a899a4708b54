import './antd-mobile-setup.ts';
import { ConfigProvider, SafeArea, TabBar } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { AppOutline, CalendarOutline, UserOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { useDocumentTitle, useRouteTitleKey } from '../../components/RouteTitle.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { NoticePopup } from './components/NoticePopup.tsx';
import { mobilePaths } from './paths.ts';
import './mobile.css';

/** Tabs of the mobile area's main screens. */
const tabs = [
  { key: mobilePaths.home, title: 'common.home', icon: <AppOutline /> },
  { key: mobilePaths.myAppointment, title: 'common.myAppointment', icon: <CalendarOutline /> },
  { key: mobilePaths.personcenter, title: 'route.mobile.personcenter', icon: <UserOutline /> },
];

/** Root font scale: viewport width / 4.14 (spec 9), for rem-sized mobile screens. */
function useRootFontScale() {
  useEffect(() => {
    const apply = () => {
      document.documentElement.style.fontSize = `${Math.min(window.innerWidth, 540) / 4.14}px`;
    };
    apply();
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      document.documentElement.style.fontSize = '';
    };
  }, []);
}

/** The mobile area: the page, and a tab bar on the main screens. */
export default function MobileLayout() {
  const { settings, account, name } = useSession();
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  useRootFontScale();
  useDocumentTitle(useRouteTitleKey() ?? '');
  const onTab = tabs.some((tab) => tab.key === location.pathname);
  const color = /^#[0-9a-fA-F]{6}$/.test(settings.theme_color) ? settings.theme_color : '#3399fe';

  return (
    <ConfigProvider locale={currentLanguage() === 'en' ? enUS : zhCN}>
      <div className="yy-mobile" style={{ ['--adm-color-primary' as string]: color }}>
        <main className="yy-mobile-body">
          <Outlet />
        </main>
        <NoticePopup account={account} name={name} />
        {onTab && (
          <nav className="yy-mobile-tabs" aria-label={t('common.home')}>
            <TabBar activeKey={location.pathname} onChange={(key) => navigate(key)}>
              {tabs.map((tab) => (
                <TabBar.Item key={tab.key} icon={tab.icon} title={t(tab.title)} />
              ))}
            </TabBar>
            <SafeArea position="bottom" />
          </nav>
        )}
      </div>
    </ConfigProvider>
  );
}
