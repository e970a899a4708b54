import { App, Button, Card, Form, Input, Space } from 'antd';
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteCodes } from '../../../../../features/code-tables/api/deleteCodes.ts';
import { useFindCodesAll } from '../../../../../features/code-tables/api/findCodesAll.ts';
import type { Codes } from '../../../../../features/code-tables/api/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../../operation-result.ts';
import { MANAGE_ROOT } from '../../../paths.ts';
import { CodesFormModal } from './CodesFormModal.tsx';
import '../settings-pages.css';
import { useActionsFixed } from './useActionsFixed.ts';
import './code-tables.css';

/** Code table management (`/manage/settings/code`): search, add/edit in a modal, delete with confirmation. */
export default function CodeList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const actionsFixed = useActionsFixed();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [editing, setEditing] = useState<Codes | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const list = useFindCodesAll({
    first: page.pageSize,
    offset: (page.current - 1) * page.pageSize,
    filter: keyword ? { keyword } : {},
  });
  const remove = useDeleteCodes();
  const rows = list.data?.rows ?? [];

  const confirmDelete = (row: Codes) =>
    modal.confirm({
      title: t('codeTables.deleteTableTitle'),
      content:
        row.items_count > 0
          ? t('codeTables.deleteTableWithItems', { count: row.items_count })
          : t('codeTables.deleteTableConfirm', { name: pick(row.name, row.name_en) }),
      okText: t('codeTables.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          ensureOk(await remove.mutateAsync({ id: row.id, cascade: row.items_count > 0 }));
          void message.success(t('codeTables.deleted'));
          if (rows.length === 1 && page.current > 1) setPage((p) => ({ ...p, current: p.current - 1 }));
        } catch (err) {
          void message.error(errorText(err));
        }
      },
    });

  const columns: DataTableColumn<Codes>[] = [
    {
      key: 'code',
      title: t('codeTables.code'),
      dataIndex: 'code',
      width: 160,
      render: (v: string, r) => <Link to={`${MANAGE_ROOT}/settings/code-item-list/${r.id}`}>{v}</Link>,
    },
    { key: 'name', title: t('codeTables.name'), dataIndex: 'name', width: 160 },
    { key: 'name_en', title: t('codeTables.nameEn'), dataIndex: 'name_en', width: 160 },
    {
      key: 'description',
      title: t('codeTables.description'),
      dataIndex: 'description',
      width: 200,
      render: (v: string) => (
        <span className="yy-cell-ellipsis" title={v}>
          {v}
        </span>
      ),
    },
    { key: 'items_count', title: t('codeTables.itemsCount'), dataIndex: 'items_count', width: 90 },
    { key: 'order', title: t('codeTables.order'), dataIndex: 'order', width: 80, defaultHidden: true },
    {
      key: 'create_time',
      title: t('codeTables.createTime'),
      dataIndex: 'create_time',
      width: 170,
      defaultHidden: true,
    },
    {
      key: 'actions',
      title: t('codeTables.actions'),
      width: 300,
      fixed: actionsFixed,
      render: (_, r) => (
        <Space size={0} wrap>
          <Link to={`${MANAGE_ROOT}/settings/code-item-list/${r.id}`}>
            <Button type="link" size="small">
              {t('codeTables.items')}
            </Button>
          </Link>
          <Link to={`${MANAGE_ROOT}/settings/code-item-Import/${r.id}`}>
            <Button type="link" size="small">
              {t('codeTables.import')}
            </Button>
          </Link>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setEditing(r);
              setFormOpen(true);
            }}
          >
            {t('codeTables.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(r)}>
            {t('codeTables.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('route.manage.settingsCode')}>
      <Form
        className="yy-filter-form"
        layout="inline"
        onFinish={(v: { keyword?: string }) => {
          setKeyword(v.keyword?.trim() ?? '');
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="keyword" label={t('codeTables.keywordPlaceholder')}>
          <Input allowClear maxLength={100} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('codeTables.search')}
            </Button>
            <Button htmlType="reset" icon={<ReloadOutlined />} onClick={() => setKeyword('')}>
              {t('codeTables.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <DataTable<Codes>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        scroll={{ x: 900 }}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {t('codeTables.addTable')}
          </Button>
        }
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: list.data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('codeTables.total', { count: n }),
        }}
        onChange={(p) => setPage({ current: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
      />
      <CodesFormModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
    </Card>
  );
}
