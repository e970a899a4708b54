import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useResourcesLikes,
  useSetFavourite,
} from '../../../../../features/evaluations/api/findResourcesLikeAllForAccount.ts';
import { errorText } from '../../../../../features/booking/result.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { Empty, LoadFailed } from '../../../components/LoadState.tsx';
import { showToast } from '../../../components/overlay.ts';
import { mobilePaths } from '../../../paths.ts';

/** How many favourites the tab lists (the newest first). */
const FAVOURITES_SHOWN = 100;

/** The user's favourite resources, each opening its venue page, with a button to remove it. */
export function Favourites() {
  const { t } = useTranslation();
  const likes = useResourcesLikes({ first: FAVOURITES_SHOWN, offset: 0 });
  const setFavourite = useSetFavourite();
  if (likes.isPending) {
    return (
      <div className="yy-m-card">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
  if (likes.error) return <LoadFailed error={likes.error} onRetry={() => void likes.refetch()} />;
  const rows = likes.data.edges.map((e) => e.node);
  if (rows.length === 0) {
    return (
      <Empty
        title={t('booking.appointments.empty.favourites')}
        description={t('booking.appointments.favouritesHint')}
      />
    );
  }
  return (
    <>
      {rows.map((like) => {
        const name = pick(like.resources_name, like.resources_name_en);
        const where = [
          pick(like.campus_name, like.campus_name_en),
          pick(like.building_name, like.building_name_en),
          pick(like.floor_name, like.floor_name_en),
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <div key={like.id} className="yy-m-res-card yy-m-like">
            <Link to={mobilePaths.venueDetail(like.resources_id)} className="yy-m-like-link">
              <span className="yy-m-res-pic" aria-hidden>
                {like.image_uri ? <img src={like.image_uri} alt="" loading="lazy" /> : name.slice(0, 1)}
              </span>
              <span className="yy-m-res-body">
                <span className="yy-m-res-name">{name}</span>
                <span className="yy-m-res-meta">{pick(like.resources_type_name, like.resources_type_name_en)}</span>
                {where && <span className="yy-m-res-meta">{where}</span>}
                {like.state !== 1 && <span className="yy-m-res-meta">{t('booking.venue.disabled')}</span>}
              </span>
            </Link>
            <Button
              size="mini"
              fill="outline"
              aria-label={t('booking.favourite.removeNamed', { name })}
              onClick={() =>
                setFavourite.mutate(
                  { resourceId: like.resources_id, favourite: false },
                  { onError: (err) => void showToast(errorText(err), 'fail') },
                )
              }
            >
              {t('booking.favourite.remove')}
            </Button>
          </div>
        );
      })}
    </>
  );
}
