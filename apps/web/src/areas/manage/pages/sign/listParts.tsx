import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Space, type TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { errorText } from '../../operation-result.ts';

/**
 * Pieces the back-office list pages of check-in, blacklist, evaluations and e-mails share:
 * the search bar's buttons, the load error, and server paging.
 */

/** The search bar's last item: search (submits the form) and reset. */
export function SearchButtons({
  searchText,
  resetText,
  onReset,
}: {
  searchText: string;
  resetText: string;
  onReset: () => void;
}) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {searchText}
        </Button>
        <Button htmlType="button" icon={<ReloadOutlined />} onClick={onReset}>
          {resetText}
        </Button>
      </Space>
    </Form.Item>
  );
}

/** Why a list could not be loaded, with the server's reason; nothing while it loads fine. */
export function LoadError({ error }: { error: unknown }) {
  if (!error) return null;
  return <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 12 }} />;
}

/**
 * Server paging of a list: the page asked for (`first`/`offset`), back to the first page on a
 * new search, and the table's pager (`total` from the server, the text of the total).
 */
export function usePaging(pageSize = 10) {
  const [page, setPage] = useState({ current: 1, pageSize });
  return {
    page,
    range: { first: page.pageSize, offset: (page.current - 1) * page.pageSize },
    firstPage: () => setPage((p) => ({ ...p, current: 1 })),
    previousPage: () => setPage((p) => ({ ...p, current: Math.max(1, p.current - 1) })),
    pagination: (total: number | undefined, showTotal: (total: number) => string): TablePaginationConfig => ({
      current: page.current,
      pageSize: page.pageSize,
      total: total ?? 0,
      showSizeChanger: true,
      showTotal,
      onChange: (current, size) => setPage({ current, pageSize: size }),
    }),
  };
}
