import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOptionalSession } from '../../../../app/session.tsx';
import {
  useManageHomeOverview,
  type ManageHomeOverview,
} from '../../../../features/manage-home/api/findManageHomeOverview.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';
import { homeLinks } from './homeLinks.ts';
import { TrendChart } from './TrendChart.tsx';
import './home.css';

interface CardItem {
  key: string;
  title: string;
  value: number;
  hint: string;
  to: string;
  /** The link's text (what the list it opens holds). */
  action: string;
  /** Worth acting on: shown with a "to do" tag, never by colour alone. */
  attention?: boolean;
}

function FigureCard({ item }: { item: CardItem }) {
  const { t } = useTranslation();
  return (
    <Card size="small" className="yy-home-card" data-card={item.key}>
      <Statistic
        title={
          <Space size={6}>
            <span>{item.title}</span>
            {item.attention && item.value > 0 ? <span className="yy-home-todo">{t('manageHome.todo')}</span> : null}
          </Space>
        }
        value={item.value}
      />
      <Typography.Text type="secondary" className="yy-home-hint">
        {item.hint}
      </Typography.Text>
      <Link to={item.to} className="yy-home-link" aria-label={`${item.action}: ${item.title} ${item.value}`}>
        {item.action}
      </Link>
    </Card>
  );
}

function Section({ title, items, children }: { title: string; items: CardItem[]; children?: ReactNode }) {
  return (
    <section className="yy-home-section" aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Row gutter={[16, 16]}>
        {items.map((i) => (
          <Col key={i.key} xs={12} md={8} xl={{ flex: '20%' }}>
            <FigureCard item={i} />
          </Col>
        ))}
      </Row>
      {children}
    </section>
  );
}

function bookingCards(o: ManageHomeOverview, t: (k: string, v?: Record<string, unknown>) => string): CardItem[] {
  const b = o.bookings!;
  return [
    {
      key: 'today',
      title: t('manageHome.bookings.today'),
      value: b.today,
      hint: t('manageHome.bookings.todayHint'),
      to: homeLinks.today(o.date),
      action: t('manageHome.open.bookings'),
    },
    {
      key: 'pending',
      title: t('manageHome.bookings.pending'),
      value: b.pending,
      hint: t('manageHome.bookings.pendingHint'),
      to: homeLinks.pending(),
      action: t('manageHome.open.approve'),
      attention: true,
    },
    {
      key: 'performed',
      title: t('manageHome.bookings.performed'),
      value: b.performed,
      hint: t('manageHome.bookings.performedHint'),
      to: homeLinks.performed(o.date),
      action: t('manageHome.open.bookings'),
    },
    {
      key: 'noShow',
      title: t('manageHome.bookings.noShow'),
      value: b.no_show,
      hint: t('manageHome.bookings.noShowHint'),
      to: homeLinks.noShow(o.date),
      action: t('manageHome.open.bookings'),
    },
    {
      key: 'inUse',
      title: t('manageHome.bookings.inUse'),
      value: b.in_use_now,
      hint: t('manageHome.bookings.inUseHint', { count: b.in_use_bookings }),
      to: homeLinks.inUse(),
      action: t('manageHome.open.sign'),
    },
  ];
}

/**
 * The back office's home (`/manage/home`): today at a glance for the signed-in administrator's
 * scope (one request: findManageHomeOverview). Each card opens the list that holds what it
 * counts; parts the administrator has no right to are not shown.
 */
export default function ManageHome() {
  const { t } = useTranslation();
  const session = useOptionalSession();
  const overview = useManageHomeOverview();
  const o = overview.data;
  const systemName = session ? pick(session.settings.sys_name, session.settings.sys_name_en) : '';

  return (
    <div className="yy-home">
      <Space className="yy-home-head" align="center" wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('manageHome.title')}
        </Typography.Title>
        {o ? (
          <Typography.Text type="secondary">
            {t(o.scope === 'tenant' ? 'manageHome.scopeTenant' : 'manageHome.scopeScoped', {
              date: o.date,
              name: systemName,
            })}
          </Typography.Text>
        ) : null}
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void overview.refetch()}
          loading={overview.isFetching}
          aria-label={t('manageHome.refresh')}
        >
          {t('manageHome.refresh')}
        </Button>
      </Space>
      {overview.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('manageHome.loadFailed')}
          description={errorText(overview.error)}
        />
      ) : null}
      {!o && !overview.error ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {o ? (
        <>
          {o.bookings ? (
            <Section title={t('manageHome.bookings.section')} items={bookingCards(o, t)}>
              <TrendChart trend={o.bookings.trend} />
            </Section>
          ) : null}
          {o.visitors ? (
            <Section
              title={t('manageHome.visitors.section')}
              items={[
                {
                  key: 'visitsExpected',
                  title: t('manageHome.visitors.expected'),
                  value: o.visitors.expected_today,
                  hint: t('manageHome.visitors.expectedHint'),
                  to: homeLinks.visitsExpected(o.date),
                  action: t('manageHome.open.visits'),
                },
                {
                  key: 'onCampus',
                  title: t('manageHome.visitors.onCampus'),
                  value: o.visitors.on_campus,
                  hint: t('manageHome.visitors.onCampusHint'),
                  to: homeLinks.onCampus(o.date),
                  action: t('manageHome.open.entries'),
                },
              ]}
            />
          ) : null}
          {o.notices_running !== null ? (
            <Section
              title={t('manageHome.notices.section')}
              items={[
                {
                  key: 'notices',
                  title: t('manageHome.notices.running'),
                  value: o.notices_running,
                  hint: t('manageHome.notices.runningHint'),
                  to: homeLinks.notices(),
                  action: t('manageHome.open.notices'),
                },
              ]}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
