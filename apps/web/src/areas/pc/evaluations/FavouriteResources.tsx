import { HeartFilled } from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useResourcesLikes } from '../../../features/evaluations/api/findResourcesLikeAllForAccount.ts';
import { pick } from '../../../lib/i18n.ts';
import { pcPaths } from '../paths.ts';
import './evaluations-pc.css';

/** How many favourites the home card shows. */
const SHOWN = 8;

/**
 * The user's favourite resources on the home page's quick booking card: one click books one
 * (quick booking); a disabled resource is shown but cannot be booked. Hearts in a resource's
 * details add and remove them.
 */
export function FavouriteResources() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const likes = useResourcesLikes({ first: SHOWN, offset: 0 });
  const rows = likes.data?.edges.map((e) => e.node) ?? [];
  if (likes.isPending || likes.error) return null;
  return (
    <div className="yy-pc-home-recent yy-pc-ev-favourites">
      <Typography.Text type="secondary">
        <HeartFilled className="yy-pc-ev-heart-icon" aria-hidden /> {t('evaluationsPc.favourites')}
        {(likes.data?.totalCount ?? 0) > SHOWN ? ` (${likes.data?.totalCount})` : ''}
      </Typography.Text>
      {rows.length ? (
        <Space size={[6, 6]} wrap>
          {rows.map((f) => {
            const name = pick(f.resources_name, f.resources_name_en);
            const off = f.state === 0;
            const button = (
              <Button
                key={f.id}
                size="small"
                disabled={off}
                onClick={() => navigate(pcPaths.quickBooking(f.resources_id))}
              >
                {name}
              </Button>
            );
            return off ? (
              <Tooltip key={f.id} title={t('evaluationsPc.disabled')}>
                <span>{button}</span>
              </Tooltip>
            ) : (
              button
            );
          })}
        </Space>
      ) : (
        <Typography.Text type="secondary" className="yy-pc-ev-hint">
          {t('evaluationsPc.noFavourites')}
        </Typography.Text>
      )}
    </div>
  );
}
