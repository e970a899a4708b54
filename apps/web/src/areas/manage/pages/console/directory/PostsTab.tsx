import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Input, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../../app/session.tsx';
import { useAdminPosts, useDeletePost, type AdminPost } from '../../../../../features/directory-admin/api.ts';
import { useDownloadDirectorySheet, type DirectoryKind } from '../../../../../features/directory-admin/sheets.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { errorText } from '../../../operation-result.ts';
import { PostDialog } from './PostDialog.tsx';

/** The posts: search, add, edit, delete (refused while someone holds it); import and export. */
export function PostsTab({ onImport }: { onImport: (kind: DirectoryKind) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = useSession();
  const posts = useAdminPosts();
  const remove = useDeletePost();
  const download = useDownloadDirectorySheet();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<AdminPost | null | 'new'>(null);
  const p = (key: string, o?: Record<string, unknown>) => t(`directoryAdmin.post.${key}`, o);
  const k = keyword.trim().toLowerCase();
  const rows = (posts.data ?? []).filter(
    (x) => !k || x.name.toLowerCase().includes(k) || x.code.toLowerCase().includes(k),
  );

  const drop = async (post: AdminPost) => {
    try {
      await remove.mutateAsync(post.id);
      void message.success(p('deleted', { name: post.name }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const exportAll = () =>
    download.mutate(
      { kind: 'posts', sheet: 'export', token },
      {
        onSuccess: (name) => void message.success(t('directoryAdmin.exported', { name })),
        onError: (err) => void message.error(errorText(err)),
      },
    );

  const columns: DataTableColumn<AdminPost>[] = [
    { key: 'name', title: p('name'), dataIndex: 'name', width: 180 },
    { key: 'code', title: p('code'), dataIndex: 'code', width: 140 },
    { key: 'formal', title: p('formal'), width: 110, render: (_, r) => (r.formal ? p('formalYes') : p('formalNo')) },
    {
      key: 'state',
      title: t('directoryAdmin.user.state'),
      width: 90,
      render: (_, r) => <Tag>{r.disabled ? t('directoryAdmin.user.off') : t('directoryAdmin.user.on')}</Tag>,
    },
    { key: 'description', title: t('directoryAdmin.description'), dataIndex: 'description', width: 240 },
    {
      key: 'actions',
      title: t('directoryAdmin.actions'),
      width: 150,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {t('directoryAdmin.edit')}
          </Button>
          <Popconfirm
            title={p('deleteConfirm', { name: r.name })}
            okText={t('directoryAdmin.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('directoryAdmin.cancel')}
            onConfirm={() => drop(r)}
          >
            <Button type="link" size="small" danger>
              {t('directoryAdmin.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Input.Search
        allowClear
        placeholder={p('search')}
        aria-label={p('search')}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <DataTable<AdminPost>
        tableId="directory-posts"
        rowKey="id"
        columns={columns}
        loading={posts.isFetching}
        error={posts.error}
        onRetry={() => void posts.refetch()}
        dataSource={rows}
        scroll={{ x: 900 }}
        pagination={{ pageSize: 20, showTotal: (total) => t('directoryAdmin.total', { total }) }}
        toolbar={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {p('add')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => onImport('posts')}>
              {p('import')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={exportAll}>
              {p('export')}
            </Button>
          </Space>
        }
      />
      <PostDialog
        open={editing !== null}
        editing={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
