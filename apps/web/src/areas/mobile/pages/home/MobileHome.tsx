import { Button, Grid, List, Skeleton, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../../app/session.tsx';
import { useFiveNotices } from '../../../../features/notices/api/findFiveNotice.ts';
import { useResourcesTypeAllByAccount } from '../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { pick } from '../../../../lib/i18n.ts';
import { mobilePaths } from '../../paths.ts';
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
      <Button size="small" color="primary" fill="outline" onClick={onRetry}>
        {t('home.retry')}
      </Button>
    </StateMessage>
  );
}

/**
 * The booking centre (`/mobile/home`): the theme's banner and welcome text when set, the
 * categories the user may book as a grid, and the latest system notices with a 'more' link.
 */
export default function MobileHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { settings } = useSession();
  const notices = useFiveNotices();
  const types = useResourcesTypeAllByAccount();
  const banner = text(settings.theme_banner);
  const welcome = pick(text(settings.theme_welcome), text(settings.theme_welcome_en));

  return (
    <div className="yy-m-home">
      <header
        className={banner ? 'yy-m-home-head yy-m-home-head-image' : 'yy-m-home-head'}
        style={banner ? { backgroundImage: `url("${encodeURI(banner)}")` } : undefined}
      >
        <h1>{t('route.mobile.home')}</h1>
        <p>{welcome || t('home.bookHint')}</p>
      </header>

      <section className="yy-m-home-card" aria-labelledby="yy-m-home-categories">
        <h2 id="yy-m-home-categories">{t('home.categories')}</h2>
        {types.isPending ? (
          <Skeleton.Paragraph lineCount={3} animated />
        ) : types.error ? (
          <Failed title={t('home.categoriesFailed')} onRetry={() => void types.refetch()} />
        ) : types.data.length === 0 ? (
          <StateMessage title={t('home.noCategories')} />
        ) : (
          <Grid columns={4} gap={12} className="yy-m-home-grid">
            {types.data.map((ty) => {
              const name = pick(ty.resources_name, ty.resources_name_en);
              return (
                <Grid.Item key={ty.id}>
                  <Link to={mobilePaths.searchType(ty.id)} className="yy-m-home-type">
                    <span className="yy-m-home-type-icon" aria-hidden>
                      {ty.icon ? <img src={ty.icon} alt="" /> : name.slice(0, 1)}
                    </span>
                    <span className="yy-m-home-type-name">{name}</span>
                  </Link>
                </Grid.Item>
              );
            })}
          </Grid>
        )}
      </section>

      <section className="yy-m-home-card" aria-labelledby="yy-m-home-notices">
        <div className="yy-m-home-card-head">
          <h2 id="yy-m-home-notices">{t('home.notices')}</h2>
          <Link to={mobilePaths.announcements}>{t('home.more')}</Link>
        </div>
        {notices.isPending ? (
          <Skeleton.Paragraph lineCount={4} animated />
        ) : notices.error ? (
          <Failed title={t('home.noticesFailed')} onRetry={() => void notices.refetch()} />
        ) : notices.data.length === 0 ? (
          <StateMessage title={t('home.noNotices')} />
        ) : (
          <List className="yy-m-home-notices">
            {notices.data.map((n) => (
              <List.Item
                key={n.id}
                onClick={() => navigate(mobilePaths.announcementDetail(n.id))}
                description={n.release_time.slice(0, 10)}
              >
                <span className="yy-m-home-notice-title">
                  {n.note_category === '2' && (
                    <Tag color="primary" style={{ marginInlineEnd: 6, verticalAlign: 'middle' }}>
                      {t('notices.category.2')}
                    </Tag>
                  )}
                  {pick(n.title, n.title_en)}
                </span>
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </div>
  );
}
