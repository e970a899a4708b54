import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useOptionalSession } from '../app/session.tsx';
import { pick } from '../lib/i18n.ts';

/** Where "back to the home page" leads from a path: the area's home the user may use. */
export function homeFor(pathname: string, admin: boolean): string {
  if (pathname.startsWith('/manage')) return admin ? '/manage/home' : '/pc/home';
  if (pathname.startsWith('/pc')) return '/pc/home';
  return '/mobile/home';
}

/**
 * The page a user sees where their role may not go: says so, names who to ask (the system's
 * administrators, and the contact the settings give, `admin_contact`), and leads back home.
 * Kit-free: it shows in every area, the back office, the desktop and the phone pages.
 */
export function NoPermission() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useOptionalSession();
  const settings = session?.settings;
  const system = settings ? pick(settings.sys_name, settings.sys_name_en) || t('common.appName') : t('common.appName');
  const contact = typeof settings?.admin_contact === 'string' ? settings.admin_contact.trim() : '';
  return (
    <div className="yy-message-page yy-no-permission">
      <section className="yy-message-card" aria-labelledby="yy-no-permission-title" role="alert">
        <p className="yy-code" aria-hidden="true">
          403
        </p>
        <h1 id="yy-no-permission-title">{t('noPermission.title')}</h1>
        <p>
          {session
            ? t('noPermission.textAccount', { account: session.account, name: session.name })
            : t('noPermission.text')}
        </p>
        <p>{t('noPermission.ask', { system })}</p>
        {contact ? <p>{t('noPermission.contact', { contact })}</p> : null}
        <Link className="yy-button" to={homeFor(pathname, session?.permission === 'admin')}>
          {t('noPermission.back')}
        </Link>
      </section>
    </div>
  );
}
