import { RightOutline, StarFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatScore } from '../../../../features/evaluations/form.ts';
import { mobilePaths } from '../../paths.ts';
import './entry.css';

/**
 * A line leading to a resource's reviews (`/mobile/resource/{id}/comments`): its overall mean
 * and how many reviews it has, from the resource's `average` and `evaluateCount`. For the venue
 * detail page.
 */
export function ReviewsEntry({
  resource,
}: {
  resource: { id: string; average: number | null; evaluateCount: number | null };
}) {
  const { t } = useTranslation();
  const count = resource.evaluateCount ?? 0;
  return (
    <Link to={mobilePaths.comments(resource.id)} className="yy-ev-entry">
      <StarFill className="yy-ev-entry-star" aria-hidden />
      <strong>{formatScore(resource.average, count)}</strong>
      <span className="yy-ev-entry-count">
        {count ? t('evaluations.reviewCount', { n: count }) : t('evaluations.noReviews')}
      </span>
      <RightOutline aria-hidden />
    </Link>
  );
}
