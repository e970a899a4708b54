import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Input, Popconfirm, Space, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../../app/session.tsx';
import {
  useAdminDepartments,
  useDeleteDepartment,
  type AdminDepartment,
} from '../../../../../features/directory-admin/api.ts';
import { useDownloadDirectorySheet, type DirectoryKind } from '../../../../../features/directory-admin/sheets.ts';
import { errorText } from '../../../operation-result.ts';
import { DepartmentDialog } from './DepartmentDialog.tsx';
import { departmentTreeData, type DeptTreeNode } from './tree.ts';
import { UsersTable } from './UsersTable.tsx';

/** Keeps the nodes whose title contains `keyword`, with their ancestors. */
function filterTree(nodes: DeptTreeNode[], keyword: string): DeptTreeNode[] {
  if (!keyword) return nodes;
  const k = keyword.toLowerCase();
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, keyword);
    return n.title.toLowerCase().includes(k) || children.length ? [{ ...n, children }] : [];
  });
}

/**
 * The department tree with the users of the selected department: add (under the selection),
 * edit, delete (refused while it has sub-departments or users), search the tree; import and
 * export of departments.
 */
export function DepartmentsTab({ onImport }: { onImport: (kind: DirectoryKind) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = useSession();
  const departments = useAdminDepartments();
  const remove = useDeleteDepartment();
  const download = useDownloadDirectorySheet();
  const [selected, setSelected] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<AdminDepartment | null | 'new'>(null);
  const all = useMemo(() => departments.data ?? [], [departments.data]);
  const tree = useMemo(() => filterTree(departmentTreeData(all), keyword.trim()), [all, keyword]);
  const current = all.find((d) => d.id === selected);
  const d = (key: string, o?: Record<string, unknown>) => t(`directoryAdmin.dept.${key}`, o);

  const drop = async (dept: AdminDepartment) => {
    try {
      await remove.mutateAsync(dept.id);
      void message.success(d('deleted', { name: dept.name }));
      setSelected(undefined);
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const exportAll = () =>
    download.mutate(
      { kind: 'departments', sheet: 'export', token },
      {
        onSuccess: (name) => void message.success(t('directoryAdmin.exported', { name })),
        onError: (err) => void message.error(errorText(err)),
      },
    );

  return (
    <div className="yy-dir-split">
      <Card
        size="small"
        className="yy-dir-tree"
        title={d('tree')}
        extra={
          <Space size={4} wrap>
            <Button size="small" icon={<UploadOutlined />} onClick={() => onImport('departments')}>
              {t('directoryAdmin.importShort')}
            </Button>
            <Button size="small" icon={<DownloadOutlined />} loading={download.isPending} onClick={exportAll}>
              {t('directoryAdmin.exportShort')}
            </Button>
          </Space>
        }
      >
        <Space wrap style={{ marginBottom: 8 }}>
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {current ? d('addUnder', { name: current.name }) : d('add')}
          </Button>
          <Button
            size="small"
            icon={<EditOutlined />}
            disabled={!current}
            onClick={() => current && setEditing(current)}
          >
            {t('directoryAdmin.edit')}
          </Button>
          <Popconfirm
            title={d('deleteConfirm', { name: current?.name ?? '' })}
            okText={t('directoryAdmin.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('directoryAdmin.cancel')}
            onConfirm={() => current && drop(current)}
            disabled={!current}
          >
            <Button size="small" danger icon={<DeleteOutlined />} disabled={!current}>
              {t('directoryAdmin.delete')}
            </Button>
          </Popconfirm>
        </Space>
        <Input.Search
          allowClear
          size="small"
          placeholder={d('searchTree')}
          aria-label={d('searchTree')}
          onChange={(e) => setKeyword(e.target.value)}
          style={{ marginBottom: 8 }}
        />
        {departments.error ? (
          <Alert
            type="error"
            showIcon
            title={errorText(departments.error)}
            action={
              <Button size="small" onClick={() => void departments.refetch()}>
                {t('directoryAdmin.retry')}
              </Button>
            }
          />
        ) : departments.isPending ? (
          <Spin />
        ) : tree.length ? (
          <Tree
            key={keyword ? `k-${keyword}` : `all-${all.length}`}
            className="yy-dir-tree-body"
            treeData={tree}
            defaultExpandAll
            blockNode
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => setSelected((keys[0] as string | undefined) ?? undefined)}
          />
        ) : (
          <Empty description={d('none')} />
        )}
      </Card>
      <Card
        size="small"
        className="yy-dir-users"
        title={
          current ? (
            <Typography.Text>{d('usersOf', { name: current.name, code: current.code })}</Typography.Text>
          ) : (
            d('allUsers')
          )
        }
      >
        <UsersTable dept={selected} onImport={onImport} />
      </Card>
      <DepartmentDialog
        open={editing !== null}
        editing={editing === 'new' ? null : editing}
        parent={editing === 'new' ? selected : undefined}
        departments={all}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
