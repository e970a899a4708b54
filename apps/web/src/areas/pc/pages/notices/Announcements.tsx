import { Card, Empty, Pagination, Result, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNoticeAll } from '../../../../features/notices/api/findNoticeAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import { pcPaths } from '../../paths.ts';

const PAGE_SIZE = 10;

/** The published notices, newest first (`/pc/announcements`). */
export default function Announcements() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useNoticeAll({ first: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  if (list.error) return <Result status="warning" title={t('notices.message.loadFailed')} />;
  const rows = list.data?.edges.map((e) => e.node) ?? [];
  return (
    <Card title={t('route.pc.announcements')} variant="borderless" className="yy-pc-notices">
      <Spin spinning={list.isFetching}>
        {list.isPending ? (
          // Room for the spinner until the first answer: never "no notices" before it.
          <div className="yy-pc-notices-pending" aria-busy="true" />
        ) : rows.length === 0 ? (
          <Empty description={t('notices.message.empty')} />
        ) : (
          <ul className="yy-pc-list yy-pc-list-large">
            {rows.map((n) => (
              <li key={n.id}>
                <Link to={pcPaths.announcementDetail(n.id)}>
                  {n.note_category === '2' && (
                    <Tag color="blue" style={{ marginInlineEnd: 8 }}>
                      {t('notices.category.2')}
                    </Tag>
                  )}
                  {pick(n.title, n.title_en)}
                </Link>
                <Typography.Text type="secondary">{n.release_time.slice(0, 10)}</Typography.Text>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      <Pagination
        className="yy-pc-list-pager"
        current={page}
        pageSize={PAGE_SIZE}
        total={list.data?.totalCount ?? 0}
        onChange={setPage}
        hideOnSinglePage
        showSizeChanger={false}
      />
    </Card>
  );
}
