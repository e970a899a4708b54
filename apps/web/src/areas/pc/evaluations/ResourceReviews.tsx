import { Alert, Avatar, Button, Empty, Image, Pagination, Skeleton, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../features/booking/result.ts';
import { useAppointmentEvaluateAverage } from '../../../features/evaluations-admin/api/findAppointmentEvaluateAverage.ts';
import { useResourceEvaluationsPage } from '../../../features/evaluations/api/findAppointmentEvaluateAllByResources.ts';
import { authorOf, averageOf, formatScore, starsOf } from '../../../features/evaluations/form.ts';
import type { Evaluation } from '../../../features/evaluations/types.ts';
import { ShownStars } from './ShownStars.tsx';
import { useFileUrl } from '../../../app/useFileUrl.ts';
import './evaluations-pc.css';

const PAGE_SIZE = 5;

function Review({ e }: { e: Evaluation }) {
  const { t } = useTranslation();
  const fileSrc = useFileUrl();
  const author = authorOf(e) ?? t('evaluations.reviews.anonymous');
  const pictures = (e.pictures ?? []).filter(Boolean);
  return (
    <li className="yy-pc-ev-review yy-pc-list-row">
      <Avatar>{author.slice(0, 1)}</Avatar>
      <div className="yy-pc-list-meta">
        <div className="yy-pc-list-title">
          <Space size={12} wrap>
            <span>{author}</span>
            <ShownStars
              small
              value={e.composite_score}
              label={t('evaluations.starsLabel', {
                label: t('evaluations.scores.composite_score'),
                n: e.composite_score,
              })}
            />
            <Typography.Text type="secondary">{e.create_time.slice(0, 16)}</Typography.Text>
          </Space>
        </div>
        <div className="yy-pc-list-desc">
          {e.content ? <Typography.Paragraph className="yy-pc-ev-content">{e.content}</Typography.Paragraph> : null}
          {pictures.length ? (
            <Image.PreviewGroup>
              <Space wrap size={6}>
                {pictures.map((uri, i) => (
                  <Image
                    key={`${uri}-${i}`}
                    src={fileSrc(uri)}
                    width={64}
                    height={64}
                    style={{ objectFit: 'cover', borderRadius: 6 }}
                    alt={t('evaluations.reviews.picture', { n: i + 1 })}
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : null}
          {e.reply_content ? (
            <div className="yy-pc-ev-reply">
              <Typography.Text strong>{t('evaluations.reviews.reply')}</Typography.Text>
              <Typography.Paragraph className="yy-pc-ev-content">{e.reply_content}</Typography.Paragraph>
              {e.reply_time ? <Typography.Text type="secondary">{e.reply_time.slice(0, 16)}</Typography.Text> : null}
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * A resource's reviews for its detail dialog (spec 2.6): the mean scores, then the shown
 * evaluations newest first, five a page; anonymous authors show as 匿名用户.
 */
export default function ResourceReviews({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const averages = useAppointmentEvaluateAverage([resourceId]);
  const list = useResourceEvaluationsPage(resourceId, page, PAGE_SIZE);
  const avg = averageOf(averages.data, resourceId);
  const rows = list.data?.edges.map((e) => e.node) ?? [];
  return (
    <section className="yy-pc-ev-reviews" aria-labelledby="yy-pc-ev-reviews">
      <Typography.Title level={5} id="yy-pc-ev-reviews">
        {t('evaluationsPc.reviews')}
      </Typography.Title>
      {averages.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : averages.error ? (
        <Alert type="error" showIcon title={errorText(averages.error)} />
      ) : (
        <div className="yy-pc-ev-summary">
          <strong className="yy-pc-ev-score">{formatScore(avg.average, avg.evaluateCount)}</strong>
          <div>
            <ShownStars
              value={starsOf(avg.average)}
              label={`${t('evaluations.scores.composite_score')}: ${formatScore(avg.average, avg.evaluateCount)}`}
            />
            <div>
              <Typography.Text type="secondary">
                {t('evaluations.reviews.count', { n: avg.evaluateCount })}
              </Typography.Text>
            </div>
          </div>
          <dl className="yy-pc-ev-subscores">
            {(['resources_score', 'system_score', 'service_score'] as const).map((k) => (
              <div key={k}>
                <dt>{t(`evaluations.scores.${k}`)}</dt>
                <dd>{formatScore(avg[k], avg.evaluateCount)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {list.error ? (
        <Alert
          type="error"
          showIcon
          title={errorText(list.error)}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Spin spinning={list.isFetching}>
          {list.isPending ? (
            // Room for the spinner until the first answer: never "no reviews" before it.
            <div className="yy-pc-notices-pending" aria-busy="true" />
          ) : rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('evaluations.reviews.none')} />
          ) : (
            <ul className="yy-pc-list">
              {rows.map((e) => (
                <Review key={e.id} e={e} />
              ))}
            </ul>
          )}
          {(list.data?.totalCount ?? 0) > PAGE_SIZE ? (
            <Pagination
              className="yy-pc-list-pager"
              current={page}
              pageSize={PAGE_SIZE}
              total={list.data?.totalCount ?? 0}
              size="small"
              showSizeChanger={false}
              onChange={setPage}
            />
          ) : null}
        </Spin>
      )}
    </section>
  );
}
