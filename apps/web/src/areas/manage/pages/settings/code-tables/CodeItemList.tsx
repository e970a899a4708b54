import { App, Button, Card, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../../../app/session.tsx';
import { useDeleteCodeItems } from '../../../../../features/code-tables/api/deleteCodeItems.ts';
import { useExportCodeItems } from '../../../../../features/code-tables/api/exportCodeItems.ts';
import { useFindCodeItemsAll } from '../../../../../features/code-tables/api/findCodeItemsAll.ts';
import { useFindCodes } from '../../../../../features/code-tables/api/findCodes.ts';
import { buildItemTree, type CodeItemNode } from '../../../../../features/code-tables/tree.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../../operation-result.ts';
import { MANAGE_ROOT } from '../../../paths.ts';
import { CodeItemFormModal, type ItemEditing } from './CodeItemFormModal.tsx';
import { CodesFormModal } from './CodesFormModal.tsx';
import { useActionsFixed } from './useActionsFixed.ts';
import './code-tables.css';
import { RecordState } from '../../../components/RecordState.tsx';

const LIST = `${MANAGE_ROOT}/settings/code`;

/**
 * `/manage/settings/code-item-list/:id?`: without an id, adds a code table (then opens it);
 * with one, the table's items as a tree with add child, edit and delete.
 */
export default function CodeItemList() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  if (!id) {
    return (
      <Card title={t('codeTables.addTable')}>
        <CodesFormModal
          open
          editing={null}
          onClose={() => navigate(LIST)}
          onSaved={(newId) => navigate(`${MANAGE_ROOT}/settings/code-item-list/${newId}`, { replace: true })}
        />
      </Card>
    );
  }
  return <ItemTree codesId={id} />;
}

function ItemTree({ codesId }: { codesId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = useSession();
  const table = useFindCodes(codesId);
  const actionsFixed = useActionsFixed();
  const items = useFindCodeItemsAll({ code_id: codesId });
  const remove = useDeleteCodeItems();
  const exporter = useExportCodeItems();
  const [editing, setEditing] = useState<ItemEditing | null>(null);
  const [tableFormOpen, setTableFormOpen] = useState(false);
  const list = useMemo(() => items.data ?? [], [items.data]);
  const tree = useMemo(() => buildItemTree(list), [list]);
  const allKeys = useMemo(() => list.map((i) => i.id), [list]);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);

  if (!table.data) {
    return (
      <Card>
        <RecordState
          query={table}
          notFound={t('codeTables.tableNotFound')}
          extra={<Link to={LIST}>{t('codeTables.backToList')}</Link>}
        />
      </Card>
    );
  }
  const codes = table.data;

  const del = async (item: CodeItemNode) => {
    try {
      ensureOk(await remove.mutateAsync(item.id));
      void message.success(t('codeTables.deleted'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: DataTableColumn<CodeItemNode>[] = [
    {
      key: 'item_name',
      title: t('codeTables.itemName'),
      dataIndex: 'item_name',
      width: 240,
      render: (_, r) => pick(r.item_name, r.item_name_en),
    },
    { key: 'item_code', title: t('codeTables.itemCode'), dataIndex: 'item_code', width: 140 },
    { key: 'item_name_en', title: t('codeTables.itemNameEn'), dataIndex: 'item_name_en', width: 180 },
    {
      key: 'item_level',
      title: t('codeTables.itemLevel'),
      dataIndex: 'item_level',
      width: 80,
      render: (v: number) => <Tag>{v}</Tag>,
    },
    { key: 'item_index', title: t('codeTables.itemIndex'), dataIndex: 'item_index', width: 80 },
    {
      key: 'item_description',
      title: t('codeTables.itemDescription'),
      dataIndex: 'item_description',
      defaultHidden: true,
    },
    {
      key: 'actions',
      title: t('codeTables.actions'),
      width: 230,
      fixed: actionsFixed,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing({ mode: 'add', parent: r })}>
            {t('codeTables.addChild')}
          </Button>
          <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', item: r })}>
            {t('codeTables.edit')}
          </Button>
          <Popconfirm
            title={t('codeTables.deleteItemConfirm', { name: pick(r.item_name, r.item_name_en) })}
            okText={t('codeTables.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => del(r)}
          >
            <Button type="link" size="small" danger>
              {t('codeTables.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={
        <Space wrap>
          <Link to={LIST} aria-label={t('codeTables.backToList')}>
            <ArrowLeftOutlined />
          </Link>
          <span>{pick(codes.name, codes.name_en)}</span>
          <Typography.Text type="secondary" code>
            {codes.code}
          </Typography.Text>
          <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setTableFormOpen(true)}>
            {t('codeTables.editTable')}
          </Button>
        </Space>
      }
    >
      {codes.description ? <Typography.Paragraph type="secondary">{codes.description}</Typography.Paragraph> : null}
      <DataTable<CodeItemNode>
        rowKey="id"
        columns={columns}
        dataSource={tree}
        loading={items.isFetching}
        error={items.error}
        onRetry={() => void items.refetch()}
        pagination={false}
        showIndex={false}
        scroll={{ x: 860 }}
        expandable={{
          expandedRowKeys: expanded ?? allKeys,
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        locale={{ emptyText: <Empty description={t('codeTables.noItems')} /> }}
        toolbar={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', parent: null })}>
              {t('codeTables.addRoot')}
            </Button>
            <Button onClick={() => setExpanded(expanded && expanded.length === 0 ? allKeys : [])}>
              {expanded && expanded.length === 0 ? t('codeTables.expandAll') : t('codeTables.collapseAll')}
            </Button>
            <Link to={`${MANAGE_ROOT}/settings/code-item-Import/${codesId}`}>
              <Button icon={<UploadOutlined />}>{t('codeTables.import')}</Button>
            </Link>
            <Button
              icon={<DownloadOutlined />}
              loading={exporter.isPending}
              onClick={() =>
                exporter.mutate({ codeId: codesId, token }, { onError: (err) => void message.error(err.message) })
              }
            >
              {t('codeTables.export')}
            </Button>
          </Space>
        }
      />
      <CodeItemFormModal codesId={codesId} items={list} editing={editing} onClose={() => setEditing(null)} />
      <CodesFormModal open={tableFormOpen} editing={codes} onClose={() => setTableFormOpen(false)} />
    </Card>
  );
}
