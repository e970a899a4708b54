import { Card, Empty, List, Result, Tag, Typography } from 'antd';
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
  return (
    <Card title={t('route.pc.announcements')} variant="borderless" className="yy-pc-notices">
      <List
        loading={list.isFetching}
        dataSource={list.data?.edges.map((e) => e.node) ?? []}
        locale={{ emptyText: <Empty description={t('notices.message.empty')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.totalCount ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        renderItem={(n) => (
          <List.Item
            key={n.id}
            extra={<Typography.Text type="secondary">{n.release_time.slice(0, 10)}</Typography.Text>}
          >
            <List.Item.Meta
              title={
                <Link to={pcPaths.announcementDetail(n.id)}>
                  {n.note_category === '2' && (
                    <Tag color="blue" style={{ marginInlineEnd: 8 }}>
                      {t('notices.category.2')}
                    </Tag>
                  )}
                  {pick(n.title, n.title_en)}
                </Link>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
