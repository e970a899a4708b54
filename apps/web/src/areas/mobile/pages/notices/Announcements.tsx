import { InfiniteScroll, List, NavBar, Tag } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { findNoticeAll } from '../../../../features/notices/api/findNoticeAll.ts';
import { noticeKeys } from '../../../../features/notices/api/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Empty } from '../../components/LoadState.tsx';
import { mobilePaths } from '../../paths.ts';

const PAGE_SIZE = 20;

/** The published notices, newest first, loading more on scroll (`/mobile/announcements`). */
export default function Announcements() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useInfiniteQuery({
    queryKey: [...noticeKeys.all, 'mobileList'],
    queryFn: ({ pageParam }) => findNoticeAll({ first: PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.pageInfo.hasNextPage ? pages.length * PAGE_SIZE : undefined),
  });
  const notices = list.data?.pages.flatMap((p) => p.edges.map((e) => e.node)) ?? [];
  return (
    <div className="yy-m-notices">
      <NavBar
        onBack={() => navigate(-1)}
        backIcon={
          <span role="img" aria-label={t('notices.action.back')}>
            <LeftOutline />
          </span>
        }
      >
        {t('route.mobile.announcements')}
      </NavBar>
      {list.error ? (
        <Empty title={t('notices.message.loadFailed')} />
      ) : (
        <>
          <List>
            {notices.map((n) => (
              <List.Item
                key={n.id}
                onClick={() => navigate(mobilePaths.announcementDetail(n.id))}
                description={n.release_time.slice(0, 16)}
              >
                {n.note_category === '2' && (
                  <Tag color="primary" style={{ marginInlineEnd: 6, verticalAlign: 'middle' }}>
                    {t('notices.category.2')}
                  </Tag>
                )}
                {pick(n.title, n.title_en)}
              </List.Item>
            ))}
          </List>
          {list.isSuccess && notices.length === 0 ? (
            <Empty title={t('notices.message.empty')} />
          ) : (
            <InfiniteScroll
              hasMore={list.hasNextPage || list.isPending}
              loadMore={async () => {
                await list.fetchNextPage();
              }}
            />
          )}
        </>
      )}
    </div>
  );
}
