import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../features/booking/result.ts';
import { useIsFavourite, useSetFavourite } from '../../../features/evaluations/api/findResourcesLikeAllForAccount.ts';
import './evaluations-pc.css';

/** A heart that adds a resource to the user's favourites or takes it out (pressed: a favourite). */
export function FavouriteToggle({ resourceId, size = 'middle' }: { resourceId: string; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const favourite = useIsFavourite(resourceId);
  const set = useSetFavourite();
  const on = favourite.data === true;
  const label = t(on ? 'evaluationsPc.unfavourite' : 'evaluationsPc.addFavourite');
  return (
    <Tooltip title={label}>
      <Button
        size={size}
        type="text"
        shape="circle"
        aria-label={t('evaluationsPc.favourite')}
        aria-pressed={on}
        disabled={favourite.isPending}
        className={on ? 'yy-pc-ev-heart yy-pc-ev-heart-on' : 'yy-pc-ev-heart'}
        icon={on ? <HeartFilled /> : <HeartOutlined />}
        onClick={() =>
          set.mutate(
            { resourceId, favourite: !on },
            {
              onSuccess: () =>
                void message.success(t(on ? 'evaluationsPc.favouriteRemoved' : 'evaluationsPc.favouriteAdded')),
              onError: (err) => void message.error(errorText(err)),
            },
          )
        }
      />
    </Tooltip>
  );
}
