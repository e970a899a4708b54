import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNoticeReadEntityList, type NoticeRead } from '../../../../features/notices/api/findNoticeReadEntityList.ts';
import type { Notice } from '../../../../features/notices/api/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';

const PAGE_SIZE = 10;

/** The read records of one notice (findNoticeReadEntityList), newest first. */
export function NoticeReads({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const reads = useNoticeReadEntityList(
    { first: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, filter: { notice_id: { eq: notice?.id ?? '' } } },
    notice !== null,
  );
  const columns: DataTableColumn<NoticeRead>[] = [
    { key: 'read_user_name', title: t('notices.field.reader'), dataIndex: 'read_user_name', width: 140 },
    { key: 'read_user_id', title: t('notices.field.readerAccount'), dataIndex: 'read_user_id', width: 140 },
    { key: 'read_date', title: t('notices.field.readDate'), dataIndex: 'read_date', width: 120 },
    { key: 'read_time', title: t('notices.field.readTime'), dataIndex: 'read_time', width: 180 },
  ];
  return (
    <Modal
      open={notice !== null}
      onCancel={() => {
        setPage(1);
        onClose();
      }}
      footer={null}
      width={720}
      title={t('notices.message.readsTitle', { title: notice ? pick(notice.title, notice.title_en) : '' })}
    >
      <DataTable<NoticeRead>
        tableId="notice-reads"
        rowKey="id"
        size="small"
        columns={columns}
        loading={reads.isFetching}
        error={reads.error}
        onRetry={() => void reads.refetch()}
        dataSource={reads.data?.edges.map((e) => e.node) ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: reads.data?.totalCount ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </Modal>
  );
}
