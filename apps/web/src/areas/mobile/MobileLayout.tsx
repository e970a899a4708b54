import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { useDocumentTitle, useRouteTitleKey } from '../../components/RouteTitle.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { isVisitorUser, VISITOR_AREA } from '../../features/visitors/role.ts';
import { accessibleThemeColor } from '../../lib/theme.ts';
import { NoticePopup } from './components/NoticePopup.tsx';
import { mobilePaths } from './paths.ts';
import './mobile.css';

/** 24x24 outline icons of the tabs (plain SVG: the tab bar is on every main screen's first paint). */
const ICONS = {
  home: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-6 8-6s8 2 8 6',
  history: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3',
} as const;

/** Tabs of the mobile area's main screens. */
const tabs = [
  { key: mobilePaths.home, title: 'common.home', icon: ICONS.home },
  { key: mobilePaths.myAppointment, title: 'common.myAppointment', icon: ICONS.calendar },
  { key: mobilePaths.personcenter, title: 'route.mobile.personcenter', icon: ICONS.user },
];

/** Tabs of the visitor pages' main screens (section: visitors). */
const visitorTabs = [
  { key: `${VISITOR_AREA}home`, title: 'route.mobile.visitorHome', icon: ICONS.home },
  { key: `${VISITOR_AREA}mine`, title: 'route.mobile.visitorMine', icon: ICONS.calendar },
  { key: `${VISITOR_AREA}history`, title: 'route.mobile.visitorHistory', icon: ICONS.history },
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
  const { settings, account, name, user } = useSession();
  // a visitor sees the visitor pages' tabs only, and no notices (visitors are refused them)
  const visitor = isVisitorUser(user);
  const { t } = useTranslation();
  const location = useLocation();
  useRootFontScale();
  useDocumentTitle(useRouteTitleKey() ?? '');
  const shown = visitor || location.pathname.startsWith(VISITOR_AREA) ? visitorTabs : tabs;
  const onTab = shown.some((tab) => tab.key === location.pathname);
  // The settings colour's accessible shade (WCAG AA for text and white-on-colour).
  const color = accessibleThemeColor(settings.theme_color);

  return (
    <ConfigProvider locale={currentLanguage() === 'en' ? enUS : zhCN}>
      <div className="yy-mobile" style={{ ['--adm-color-primary' as string]: color }}>
        <main className="yy-mobile-body">
          <Outlet />
        </main>
        {!visitor && <NoticePopup account={account} name={name} />}
        {onTab && (
          <nav className="yy-mobile-tabs" aria-label={t('common.home')}>
            {shown.map((tab) => (
              <NavLink key={tab.key} to={tab.key} className="yy-mobile-tab">
                <svg viewBox="0 0 24 24" aria-hidden>
                  <path d={tab.icon} />
                </svg>
                <span>{t(tab.title)}</span>
              </NavLink>
            ))}
          </nav>
        )}
      </div>
    </ConfigProvider>
  );
}
