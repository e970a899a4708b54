import { Alert, Button, Card, Col, Empty, Row, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../../app/session.tsx';
import { useFiveNotices } from '../../../../features/notices/api/findFiveNotice.ts';
import { useResourcesTypeAllByAccount } from '../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { pick } from '../../../../lib/i18n.ts';
import { ResourceTypeTile } from '../../components/ResourceTypeTile.tsx';
import { pcPaths } from '../../paths.ts';
import { QuickBookingCard, UpcomingAppointments } from './HomeBooking.tsx';
import './pc-home.css';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The portal home (`/pc/home`): the theme's banner and welcome text when set, the resource
 * categories the user may book, the user's coming bookings, quick booking and the latest
 * system notices.
 */
export default function PcHome() {
  const { t } = useTranslation();
  const { settings } = useSession();
  const notices = useFiveNotices();
  const types = useResourcesTypeAllByAccount();
  const banner = text(settings.theme_banner);
  const welcome = pick(text(settings.theme_welcome), text(settings.theme_welcome_en));
  const systemName = pick(settings.page_title, settings.page_title_en);

  return (
    <div className="yy-pc-home">
      <section
        className={banner ? 'yy-pc-home-hero yy-pc-home-hero-image' : 'yy-pc-home-hero'}
        style={banner ? { backgroundImage: `url("${encodeURI(banner)}")` } : undefined}
        aria-label={banner ? t('home.banner') : undefined}
      >
        <h1>{welcome || t('home.welcome', { name: systemName })}</h1>
        <p>{t('home.bookHint')}</p>
      </section>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <Card
            title={<h2 className="yy-pc-home-title">{t('home.categories')}</h2>}
            extra={<Link to={pcPaths.appointment}>{t('home.bookingCentre')}</Link>}
            variant="borderless"
          >
            {types.isPending ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : types.error ? (
              <Alert
                type="error"
                showIcon
                title={t('home.categoriesFailed')}
                action={
                  <Button size="small" onClick={() => void types.refetch()}>
                    {t('home.retry')}
                  </Button>
                }
              />
            ) : types.data.length === 0 ? (
              <Empty description={t('home.noCategories')} />
            ) : (
              <ul className="yy-pc-home-types">
                {types.data.map((ty) => (
                  <li key={ty.id}>
                    <ResourceTypeTile type={ty} showTag />
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <div className="yy-pc-home-gap" />
          <UpcomingAppointments />
        </Col>
        <Col xs={24} lg={8}>
          <QuickBookingCard />
          <div className="yy-pc-home-gap" />
          <Card
            title={<h2 className="yy-pc-home-title">{t('home.notices')}</h2>}
            extra={<Link to={pcPaths.announcements}>{t('home.more')}</Link>}
            variant="borderless"
          >
            {notices.isPending ? (
              <Skeleton active paragraph={{ rows: 4 }} />
            ) : notices.error ? (
              <Alert
                type="error"
                showIcon
                title={t('home.noticesFailed')}
                action={
                  <Button size="small" onClick={() => void notices.refetch()}>
                    {t('home.retry')}
                  </Button>
                }
              />
            ) : notices.data.length === 0 ? (
              <Empty description={t('home.noNotices')} />
            ) : (
              <ul className="yy-pc-list" aria-label={t('home.notices')}>
                {notices.data.map((n) => (
                  <li key={n.id} className="yy-pc-home-notice">
                    <Link to={pcPaths.announcementDetail(n.id)} className="yy-pc-home-notice-title">
                      {n.note_category === '2' && (
                        <Tag color="blue" style={{ marginInlineEnd: 6 }}>
                          {t('notices.category.2')}
                        </Tag>
                      )}
                      {pick(n.title, n.title_en)}
                    </Link>
                    <Typography.Text type="secondary" className="yy-pc-home-notice-date">
                      {n.release_time.slice(0, 10)}
                    </Typography.Text>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
