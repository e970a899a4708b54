import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../../app/session.tsx';
import {
  commonTypesOf,
  loadCommonTypes,
  moveId,
  resetCommonTypes,
  saveCommonTypes,
} from '../../../../../features/booking/commonTypes.ts';
import {
  useResourcesTypeAllByAccount,
  type BookableResourcesType,
} from '../../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { Empty, LoadFailed } from '../../../components/LoadState.tsx';
import { showToast } from '../../../components/overlay.ts';
import { PageNav } from '../../../components/PageNav.tsx';
import { mobilePaths } from '../../../paths.ts';
import '../booking.css';

function TypeIcon({ type }: { type: BookableResourcesType }) {
  const name = pick(type.resources_name, type.resources_name_en);
  return (
    <span className="yy-m-type-icon" aria-hidden>
      {type.icon ? <img src={type.icon} alt="" /> : name.slice(0, 1)}
    </span>
  );
}

/**
 * Common resources (`/mobile/menuManage`): which resource types the home page shows, and in
 * which order. Kept in this browser for the signed-in account.
 */
export default function MenuManage() {
  const { t } = useTranslation();
  const { account } = useSession();
  const types = useResourcesTypeAllByAccount();
  const all = types.data ?? [];
  const [chosen, setChosen] = useState<string[] | null>(() => loadCommonTypes(account));
  const mine = commonTypesOf(all, chosen);
  const mineIds = new Set(mine.map((ty) => ty.id));
  const others = all.filter((ty) => !mineIds.has(ty.id));

  const store = (ids: string[]) => {
    setChosen(ids);
    saveCommonTypes(account, ids);
  };

  return (
    <div className="yy-m-page">
      <PageNav title={t('route.mobile.menuManage')} fallback={mobilePaths.home} />
      {types.isPending ? (
        <div className="yy-m-card">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : types.error ? (
        <LoadFailed error={types.error} onRetry={() => void types.refetch()} />
      ) : all.length === 0 ? (
        <Empty title={t('home.noCategories')} />
      ) : (
        <>
          <section className="yy-m-card" aria-labelledby="yy-m-menu-mine">
            <h2 id="yy-m-menu-mine">{t('booking.menu.mine')}</h2>
            <p className="yy-m-muted" style={{ marginBottom: 10 }}>
              {t('booking.menu.mineHint')}
            </p>
            {mine.length === 0 ? (
              <p className="yy-m-muted">{t('booking.menu.noneChosen')}</p>
            ) : (
              <ul className="yy-m-tasks">
                {mine.map((ty, i) => (
                  <li key={ty.id} style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
                    <TypeIcon type={ty} />
                    <span style={{ flex: 1 }}>{pick(ty.resources_name, ty.resources_name_en)}</span>
                    <span className="yy-m-menu-order">
                      <Button
                        size="mini"
                        disabled={i === 0}
                        aria-label={t('booking.menu.up', { name: pick(ty.resources_name, ty.resources_name_en) })}
                        onClick={() =>
                          store(
                            moveId(
                              mine.map((x) => x.id),
                              ty.id,
                              -1,
                            ),
                          )
                        }
                      >
                        ↑
                      </Button>
                      <Button
                        size="mini"
                        disabled={i === mine.length - 1}
                        aria-label={t('booking.menu.down', { name: pick(ty.resources_name, ty.resources_name_en) })}
                        onClick={() =>
                          store(
                            moveId(
                              mine.map((x) => x.id),
                              ty.id,
                              1,
                            ),
                          )
                        }
                      >
                        ↓
                      </Button>
                      <Button
                        size="mini"
                        color="danger"
                        fill="outline"
                        onClick={() => store(mine.filter((x) => x.id !== ty.id).map((x) => x.id))}
                      >
                        {t('booking.menu.remove')}
                      </Button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="yy-m-card" aria-labelledby="yy-m-menu-more">
            <h2 id="yy-m-menu-more">{t('booking.menu.more')}</h2>
            {others.length === 0 ? (
              <p className="yy-m-muted">{t('booking.menu.allChosen')}</p>
            ) : (
              <ul className="yy-m-tasks">
                {others.map((ty) => (
                  <li key={ty.id} style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
                    <TypeIcon type={ty} />
                    <span style={{ flex: 1 }}>{pick(ty.resources_name, ty.resources_name_en)}</span>
                    <Button
                      size="mini"
                      color="primary"
                      fill="outline"
                      onClick={() => store([...mine.map((x) => x.id), ty.id])}
                    >
                      {t('booking.menu.add')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div className="yy-m-actions">
            <Button
              block
              shape="rounded"
              fill="outline"
              onClick={() => {
                resetCommonTypes(account);
                setChosen(null);
                void showToast(t('booking.menu.resetDone'));
              }}
            >
              {t('booking.menu.reset')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
