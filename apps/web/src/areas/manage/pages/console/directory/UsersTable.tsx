import { DownloadOutlined, PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Grid, Input, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../../app/session.tsx';
import {
  useAdminUsers,
  useDeleteUser,
  useUpdateUsersState,
  type AdminUser,
} from '../../../../../features/directory-admin/api.ts';
import { useDownloadDirectorySheet, type DirectoryKind } from '../../../../../features/directory-admin/sheets.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { errorText } from '../../../operation-result.ts';
import { ResetPasswordDialog, UserDialog } from './UserDialog.tsx';

/** Tag colours that keep AA contrast on white. */
const OFF_TAG = { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' };
const ON_TAG = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };

/**
 * The users of the tenant (visitors are the visitor back office's), of one department when
 * `dept` is given: search by account and name, paging, add, edit (positions too), enable or
 * disable (one or the selected), reset the password, delete; import and export.
 */
export function UsersTable({ dept, onImport }: { dept?: string; onImport: (kind: DirectoryKind) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = useSession();
  const [form] = Form.useForm<{ account?: string; name?: string }>();
  const [search, setSearch] = useState<{ account?: string; name?: string }>({});
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<AdminUser | null | 'new'>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const list = useAdminUsers({ ...search, dept, ...page });
  const state = useUpdateUsersState();
  const remove = useDeleteUser();
  const download = useDownloadDirectorySheet();
  const u = (key: string, o?: Record<string, unknown>) => t(`directoryAdmin.user.${key}`, o);
  // the actions stay in sight on a wide screen; on a phone a fixed column would cover the rest
  const wide = Grid.useBreakpoint().lg ?? true;

  const setState = async (ids: string[], disabled: boolean) => {
    try {
      await state.mutateAsync({ ids, disabled });
      void message.success(
        disabled ? u('disabledDone', { count: ids.length }) : u('enabledDone', { count: ids.length }),
      );
      setSelected([]);
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const drop = async (user: AdminUser) => {
    try {
      await remove.mutateAsync(user.id);
      void message.success(u('deleted', { account: user.account }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const exportUsers = () =>
    download.mutate(
      { kind: 'users', sheet: 'export', token, query: { account: search.account, name: search.name, dept } },
      {
        onSuccess: (name) => void message.success(t('directoryAdmin.exported', { name })),
        onError: (err) => void message.error(errorText(err)),
      },
    );

  const columns: DataTableColumn<AdminUser>[] = [
    { key: 'account', title: u('account'), dataIndex: 'account', width: 140 },
    { key: 'name', title: u('name'), dataIndex: 'name', width: 120 },
    {
      key: 'positions',
      title: u('positions'),
      width: 200,
      render: (_, r) =>
        r.positions
          .map((p) => [p.dept?.name, p.post?.name].filter(Boolean).join(' · '))
          .filter(Boolean)
          .join('；'),
    },
    { key: 'phone', title: u('phone'), dataIndex: 'phone', width: 120 },
    { key: 'email', title: u('email'), dataIndex: 'email', width: 180, defaultHidden: true },
    {
      key: 'role',
      title: u('role'),
      width: 100,
      defaultHidden: true,
      render: (_, r) => (r.role === 'admin' ? u('roleAdmin') : u('roleUser')),
    },
    {
      key: 'state',
      title: u('state'),
      width: 90,
      render: (_, r) => <Tag style={r.disabled ? OFF_TAG : ON_TAG}>{r.disabled ? u('off') : u('on')}</Tag>,
    },
    {
      key: 'actions',
      title: t('directoryAdmin.actions'),
      width: 200,
      fixed: wide ? 'right' : undefined,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {t('directoryAdmin.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => void setState([r.id], !r.disabled)}>
            {r.disabled ? u('enable') : u('disable')}
          </Button>
          <Button type="link" size="small" onClick={() => setResetting(r)}>
            {u('reset')}
          </Button>
          <Popconfirm
            title={u('deleteConfirm', { account: r.account })}
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
      <Form
        form={form}
        layout="inline"
        name="userSearch"
        className="yy-dir-filters"
        onFinish={(v) => {
          setSearch({ account: v.account?.trim() || undefined, name: v.name?.trim() || undefined });
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="account" label={u('account')}>
          <Input allowClear maxLength={64} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="name" label={u('name')}>
          <Input allowClear maxLength={100} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('directoryAdmin.search')}
          </Button>
        </Form.Item>
      </Form>
      <DataTable<AdminUser>
        tableId={dept ? 'directory-dept-users' : 'directory-users'}
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 900 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        toolbar={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {u('add')}
            </Button>
            <Button disabled={!selected.length} onClick={() => void setState(selected, true)}>
              {u('disableSelected', { count: selected.length })}
            </Button>
            <Button disabled={!selected.length} onClick={() => void setState(selected, false)}>
              {u('enableSelected', { count: selected.length })}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => onImport('users')}>
              {u('import')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={exportUsers}>
              {u('export')}
            </Button>
          </Space>
        }
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('directoryAdmin.total', { total }),
          onChange: (p, size) => setPage({ page: size === page.pageSize ? p : 1, pageSize: size }),
        }}
      />
      <UserDialog
        open={editing !== null}
        editing={editing === 'new' ? null : editing}
        dept={dept}
        onClose={() => setEditing(null)}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
