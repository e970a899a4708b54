import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBookableResource } from '../../../../features/booking/api/findResources.ts';
import { useAppointmentEvaluateAverage } from '../../../../features/evaluations-admin/api/findAppointmentEvaluateAverage.ts';
import { useInfiniteResourceEvaluations } from '../../../../features/evaluations/api/findAppointmentEvaluateAllByResources.ts';
import { averageOf, formatScore, starsOf } from '../../../../features/evaluations/form.ts';
import type { EvaluationAverage } from '../../../../features/evaluations/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Empty, LoadFailed } from '../../components/LoadState.tsx';
import { PageNav } from '../../components/PageNav.tsx';
import { SkeletonLines } from '../../components/SkeletonLines.tsx';
import { mobilePaths } from '../../paths.ts';
import { EvaluationCard } from './EvaluationCard.tsx';
import { StarScore } from '../../components/StarScore.tsx';
import '../booking/booking.css';
import './evaluations.css';

const PAGE_SIZE = 10;

/** The mean scores of the resource: overall in large, the three others below. */
function Summary({ name, average }: { name: string; average: EvaluationAverage }) {
  const { t } = useTranslation();
  const overall = t('evaluations.scores.composite_score');
  return (
    <section className="yy-m-card yy-ev-summary" aria-labelledby="yy-ev-summary">
      <h1 id="yy-ev-summary" className="yy-ev-booking-name">
        {name}
      </h1>
      <div className="yy-ev-summary-main">
        <strong className="yy-ev-summary-score">{formatScore(average.average, average.evaluateCount)}</strong>
        <div>
          <StarScore
            value={starsOf(average.average)}
            size={18}
            label={`${overall}: ${formatScore(average.average, average.evaluateCount)}`}
          />
          <p className="yy-m-muted">{t('evaluations.reviews.count', { n: average.evaluateCount })}</p>
        </div>
      </div>
      <dl className="yy-ev-subscores">
        {(['resources_score', 'system_score', 'service_score'] as const).map((k) => (
          <div key={k}>
            <dt>{t(`evaluations.scores.${k}`)}</dt>
            <dd>{formatScore(average[k], average.evaluateCount)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Venue reviews (`/mobile/resource/{id}/comments`): the resource's mean scores, then its shown
 * evaluations newest first, ten at a time; anonymous authors show as 匿名用户, with the
 * administrators' replies.
 */
export default function ResourceComments() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const resource = useBookableResource(id);
  const averages = useAppointmentEvaluateAverage(id ? [id] : []);
  const list = useInfiniteResourceEvaluations(id, PAGE_SIZE);
  const items = list.data?.pages.flatMap((p) => p.edges.map((e) => e.node)) ?? [];
  const total = list.data?.pages[0]?.totalCount ?? 0;

  let head;
  if (resource.isPending || averages.isPending) {
    head = (
      <div className="yy-m-card">
        <SkeletonLines lines={3} />
      </div>
    );
  } else if (resource.error || averages.error) {
    head = (
      <LoadFailed
        error={resource.error ?? averages.error}
        onRetry={() => void Promise.all([resource.refetch(), averages.refetch()])}
      />
    );
  } else if (!resource.data) {
    return (
      <div className="yy-m-page">
        <PageNav title={t('route.mobile.comments')} fallback={mobilePaths.home} />
        <Empty title={t('evaluations.reviews.resourceNotFound')} />
      </div>
    );
  } else {
    head = (
      <Summary
        name={pick(resource.data.resources_name, resource.data.resources_name_en)}
        average={averageOf(averages.data, id)}
      />
    );
  }

  let reviews;
  if (list.isPending) {
    reviews = <SkeletonLines lines={6} title={false} />;
  } else if (list.error && !items.length) {
    reviews = <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!items.length) {
    reviews = <Empty title={t('evaluations.reviews.none')} description={t('evaluations.reviews.noneHint')} />;
  } else {
    reviews = (
      <>
        <ul className="yy-ev-list">
          {items.map((e) => (
            <li key={e.id}>
              <EvaluationCard evaluation={e} />
            </li>
          ))}
        </ul>
        {list.hasNextPage ? (
          <Button
            block
            fill="none"
            color="primary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('evaluations.reviews.more')}
          </Button>
        ) : (
          <p className="yy-m-muted yy-ev-end">{t('evaluations.reviews.noMore')}</p>
        )}
      </>
    );
  }

  return (
    <div className="yy-m-page">
      <PageNav title={t('route.mobile.comments')} fallback={mobilePaths.venueDetail(id)} />
      {head}
      <section className="yy-m-card" aria-labelledby="yy-ev-list">
        <h2 id="yy-ev-list">
          {t('evaluations.reviews.list')}
          {total ? <span className="yy-m-muted yy-ev-hint">({total})</span> : null}
        </h2>
        {reviews}
      </section>
    </div>
  );
}
