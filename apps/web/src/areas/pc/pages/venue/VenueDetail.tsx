import { ArrowLeftOutlined, AuditOutlined } from '@ant-design/icons';
import { Button, Card, Col, Collapse, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NoticeContent } from '../../../../components/NoticeContent.tsx';
import { errorText } from '../../../../features/booking/result.ts';
import { formatScore, starsOf } from '../../../../features/evaluations/form.ts';
import { useFindInstructionAll } from '../../../../features/instructions/api/findInstructionAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import { BookingDialog } from '../../booking/dialog/BookingDialog.tsx';
import { ResourceDescription, ResourceFacts, ResourceRules } from '../../booking/ResourceDetail.tsx';
import { useResourceForBooking, type ResourceForBooking } from '../../booking/resourceForBooking.ts';
import { FavouriteToggle } from '../../evaluations/FavouriteToggle.tsx';
import { LazyResourceReviews } from '../../evaluations/lazy.ts';
import { ShownStars } from '../../evaluations/ShownStars.tsx';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';
import { pcPaths } from '../../paths.ts';
import { VenueGallery } from './VenueGallery.tsx';
import './venue.css';

/** The way out of the page when there is nothing to show: the booking centre and the home page. */
function Missing({ title, hint }: { title: string; hint: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Result
        status="404"
        title={<h1 className="yy-venue-result-title">{title}</h1>}
        subTitle={hint}
        extra={
          <Space wrap>
            <Button type="primary" onClick={() => navigate(pcPaths.appointment)}>
              {t('pcVenue.venue.toCentre')}
            </Button>
            <Link to={pcPaths.home}>{t('pcVenue.venue.toHome')}</Link>
          </Space>
        }
      />
    </Card>
  );
}

/** The published booking instructions (HTML the server sanitized on save), the first one open. */
function Instructions() {
  const { t } = useTranslation();
  const list = useFindInstructionAll({ state: { eq: 'published' } });
  const items = list.data ?? [];
  return (
    <section aria-labelledby="yy-venue-instructions">
      <Typography.Title level={2} id="yy-venue-instructions" className="yy-venue-h2">
        {t('pcVenue.venue.instructions')}
      </Typography.Title>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.error ? (
        <LoadFailedAlert error={list.error} onRetry={list.refetch} />
      ) : items.length === 0 ? (
        <Typography.Text type="secondary">{t('pcVenue.venue.noInstructions')}</Typography.Text>
      ) : (
        <Collapse
          defaultActiveKey={[items[0]!.id]}
          items={items.map((i) => ({
            key: i.id,
            label: pick(i.title, i.title_en),
            children: <NoticeContent html={pick(i.content, i.content_en)} />,
          }))}
        />
      )}
    </section>
  );
}

function Venue({ resource: r }: { resource: ResourceForBooking }) {
  const { t } = useTranslation();
  const [booking, setBooking] = useState(false);
  const name = pick(r.resources_name, r.resources_name_en);
  const enabled = r.state === 1;
  const rated = (r.evaluateCount ?? 0) > 0;
  return (
    <div className="yy-venue">
      <Card variant="borderless" className="yy-venue-head">
        <div className="yy-venue-head-row">
          <div className="yy-venue-head-text">
            <Link to={pcPaths.resourceList(r.resources_type_id)} className="yy-venue-back">
              <ArrowLeftOutlined aria-hidden /> {t('pcVenue.venue.toList')}
            </Link>
            <div className="yy-venue-title">
              <h1 className="yy-venue-name">{name}</h1>
              <FavouriteToggle resourceId={r.id} />
            </div>
            <Space size={[8, 8]} wrap>
              <Tag color="blue">{pick(r.resources_type_name, r.resources_type_name_en)}</Tag>
              {r.need_approve === '1' ? (
                <Tag icon={<AuditOutlined aria-hidden />}>{t('pcBooking.needApprove')}</Tag>
              ) : null}
              {!enabled ? <Tag>{t('pcVenue.venue.disabled')}</Tag> : null}
              {rated ? (
                <span className="yy-venue-rating">
                  <ShownStars
                    small
                    value={starsOf(r.average)}
                    label={t('pcVenue.venue.rating', { score: formatScore(r.average), n: r.evaluateCount })}
                  />
                  <Typography.Text type="secondary" aria-hidden>
                    {formatScore(r.average)} · {t('pcVenue.venue.reviewCount', { n: r.evaluateCount })}
                  </Typography.Text>
                </span>
              ) : (
                <Typography.Text type="secondary">{t('pcVenue.venue.noRating')}</Typography.Text>
              )}
            </Space>
          </div>
          <Button type="primary" size="large" disabled={!enabled} onClick={() => setBooking(true)}>
            {t('pcVenue.venue.book')}
          </Button>
        </div>
      </Card>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card variant="borderless" className="yy-venue-card">
            <VenueGallery images={r.resourcesImage ?? []} name={name} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card variant="borderless" className="yy-venue-card">
            <section aria-labelledby="yy-venue-facts">
              <Typography.Title level={2} id="yy-venue-facts" className="yy-venue-h2">
                {t('pcVenue.venue.facts')}
              </Typography.Title>
              <ResourceFacts resource={r} column={1} />
            </section>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card variant="borderless" className="yy-venue-card">
            <div className="yy-resource-detail yy-venue-about">
              {r.hide_resources_detail !== '1' ? <ResourceDescription resource={r} level={2} /> : null}
              <ResourceRules resource={r} level={2} />
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card variant="borderless" className="yy-venue-card">
            <Instructions />
          </Card>
        </Col>
        <Col span={24}>
          <Card variant="borderless" className="yy-venue-card">
            <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
              <LazyResourceReviews resourceId={r.id} />
            </Suspense>
          </Card>
        </Col>
      </Row>
      {booking ? <BookingDialog open resourceId={r.id} onClose={() => setBooking(false)} /> : null}
    </div>
  );
}

/**
 * Venue information (`/pc/venueDetail?id=<resourceId>`, spec 2.2): what a desktop user lands on
 * from a shared link or the booking centre's search. Pictures and panorama, facts, the
 * description (as text: it is not sanitized on the server), rules, the booking instructions,
 * ratings and reviews, the favourite heart and the booking dialog. Without an id, or with one
 * that names nothing the user may see: a not-found page leading back.
 */
export default function VenueDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = (params.get('id') ?? '').trim();
  const resource = useResourceForBooking(id || null);
  if (!id) return <Missing title={t('pcVenue.venue.missingId')} hint={t('pcVenue.venue.missingIdHint')} />;
  if (resource.isPending) {
    return (
      <Card variant="borderless" aria-busy="true">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (resource.error) {
    return (
      <Card variant="borderless">
        <Result
          status="error"
          title={<h1 className="yy-venue-result-title">{t('pcVenue.venue.loadFailed')}</h1>}
          subTitle={errorText(resource.error)}
          extra={
            <Space wrap>
              <Button type="primary" onClick={() => void resource.refetch()}>
                {t('pcBooking.retry')}
              </Button>
              <Link to={pcPaths.appointment}>{t('pcVenue.venue.toCentre')}</Link>
            </Space>
          }
        />
      </Card>
    );
  }
  if (!resource.data) return <Missing title={t('pcVenue.venue.notFound')} hint={t('pcVenue.venue.notFoundHint')} />;
  return <Venue resource={resource.data} />;
}
