import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../../app/session.tsx';
import { commonTypesOf, loadCommonTypes } from '../../../../features/booking/commonTypes.ts';
import { useFiveNotices } from '../../../../features/notices/api/findFiveNotice.ts';
import { useResourcesTypeAllByAccount } from '../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { pick } from '../../../../lib/i18n.ts';
import { mobilePaths } from '../../paths.ts';
import { visitorPaths } from '../visitors/paths.ts';
import './mobile-home.css';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** An empty or failed block: its text (and an action), light enough for the first screen. */
function StateMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="yy-m-home-state" role="status">
      <p>{title}</p>
      {children}
    </div>
  );
}

function Failed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StateMessage title={title}>
      <button type="button" className="yy-m-home-retry" onClick={onRetry}>
        {t('home.retry')}
      </button>
    </StateMessage>
  );
}

/** Grey lines while a block loads. */
function Placeholder({ lines }: { lines: number }) {
  const { t } = useTranslation();
  return (
    <div className="yy-m-home-placeholder" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
}

/**
 * The booking centre (`/mobile/home`): the theme's banner and welcome text when set, a search
 * entry, the user's common categories (all bookable types until chosen on menuManage) as a
 * grid, and the latest system notices with a 'more' link. Plain markup: the first screen of
 * the phone app stays light.
 */
export default function MobileHome() {
  const { t } = useTranslation();
  const { settings, account } = useSession();
  const notices = useFiveNotices();
  const types = useResourcesTypeAllByAccount();
  const banner = text(settings.theme_banner);
  const welcome = pick(text(settings.theme_welcome), text(settings.theme_welcome_en));
  const shown = types.data ? commonTypesOf(types.data, loadCommonTypes(account)) : [];

  return (
    <div className="yy-m-home">
      <header
        className={banner ? 'yy-m-home-head yy-m-home-head-image' : 'yy-m-home-head'}
        style={banner ? { backgroundImage: `url("${encodeURI(banner)}")` } : undefined}
      >
        <h1>{t('route.mobile.home')}</h1>
        <p>{welcome || t('home.bookHint')}</p>
        <Link to={mobilePaths.search} className="yy-m-home-search">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-4-4" />
          </svg>
          <span>{t('mobile.search')}</span>
        </Link>
      </header>

      <section className="yy-m-home-card" aria-labelledby="yy-m-home-categories">
        <div className="yy-m-home-card-head">
          <h2 id="yy-m-home-categories">{t('home.categories')}</h2>
          <Link to={mobilePaths.menuManage}>{t('mobile.manage')}</Link>
        </div>
        {types.isPending ? (
          <Placeholder lines={3} />
        ) : types.error ? (
          <Failed title={t('home.categoriesFailed')} onRetry={() => void types.refetch()} />
        ) : types.data.length === 0 ? (
          <StateMessage title={t('home.noCategories')} />
        ) : shown.length === 0 ? (
          <StateMessage title={t('mobile.noCommon')}>
            <Link to={mobilePaths.menuManage}>{t('mobile.manage')}</Link>
          </StateMessage>
        ) : (
          <ul className="yy-m-home-grid">
            {shown.map((ty) => {
              const name = pick(ty.resources_name, ty.resources_name_en);
              return (
                <li key={ty.id}>
                  <Link to={mobilePaths.searchType(ty.id)} className="yy-m-home-type">
                    <span className="yy-m-home-type-icon" aria-hidden>
                      {ty.icon ? <img src={ty.icon} alt="" /> : name.slice(0, 1)}
                    </span>
                    <span className="yy-m-home-type-name">{name}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="yy-m-home-card" aria-labelledby="yy-m-home-visitors">
        <div className="yy-m-home-card-head">
          <h2 id="yy-m-home-visitors">{t('home.visitors')}</h2>
        </div>
        <Link to={visitorPaths.home} className="yy-m-home-visitors">
          <span>{t('route.mobile.visitorHome')}</span>
          <span className="yy-m-home-visitors-hint">{t('home.visitorsHint')}</span>
        </Link>
      </section>

      <section className="yy-m-home-card" aria-labelledby="yy-m-home-notices">
        <div className="yy-m-home-card-head">
          <h2 id="yy-m-home-notices">{t('home.notices')}</h2>
          <Link to={mobilePaths.announcements}>{t('home.more')}</Link>
        </div>
        {notices.isPending ? (
          <Placeholder lines={4} />
        ) : notices.error ? (
          <Failed title={t('home.noticesFailed')} onRetry={() => void notices.refetch()} />
        ) : notices.data.length === 0 ? (
          <StateMessage title={t('home.noNotices')} />
        ) : (
          <ul className="yy-m-home-notices">
            {notices.data.map((n) => (
              <li key={n.id}>
                <Link to={mobilePaths.announcementDetail(n.id)}>
                  <span className="yy-m-home-notice-title">
                    {n.note_category === '2' && <span className="yy-m-home-tag">{t('notices.category.2')}</span>}
                    {pick(n.title, n.title_en)}
                  </span>
                  <span className="yy-m-home-notice-date">{n.release_time.slice(0, 10)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
