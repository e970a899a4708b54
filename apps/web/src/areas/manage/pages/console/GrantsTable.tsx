import { App, Button, Form, Grid, Input, Popconfirm, Select, Space, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevokePermissions } from '../../../../features/grants/mutations.ts';
import { usePermissions } from '../../../../features/grants/queries.ts';
import type { AppRoleEntry, Grant, PermissionFilter, SubjectType } from '../../../../features/grants/types.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../operation-result.ts';
import { SearchButtons, usePaging } from '../sign/listParts.tsx';
import { FilterText, resultText, roleName, SubjectTag, useScopeNames } from './parts.tsx';

interface Search {
  keyword?: string;
  type?: SubjectType;
  permission?: string;
}

export interface GrantsTableProps {
  /** What every page of the list keeps to (a role, staff roles, users...). */
  base: PermissionFilter;
  /** The roles the list may show (names, scope names, the role filter). */
  roles: readonly AppRoleEntry[];
  /** Offer a filter by subject type (user, department, post, combination). */
  typeFilter?: boolean;
  /** Offer a filter by role among `roles` (and show the role column). */
  roleFilter?: { label: string; allText: string };
  /** Buttons before the batch revoke (grant...). */
  toolbar?: ReactNode;
  emptyText: string;
  /** The table's name for screen readers and its column settings. */
  caption: string;
}

/**
 * A page of grants (`permissions`, newest first) with search by name or account, optional
 * filters, server paging, and revoking one (confirmed) or the selected ones at once
 * (`revokePermissions`, confirmed); the server's result message is shown either way.
 */
export function GrantsTable({ base, roles, typeFilter, roleFilter, toolbar, emptyText, caption }: GrantsTableProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [selected, setSelected] = useState<string[]>([]);
  const paging = usePaging();
  const baseKey = JSON.stringify(base);
  const filter: PermissionFilter = {
    ...base,
    ...(search.keyword?.trim() ? { keyword: { like: search.keyword.trim() } } : {}),
    ...(search.type ? { type: { eq: search.type } } : {}),
    ...(search.permission ? { permission: { eq: search.permission } } : {}),
  };
  const list = usePermissions({ ...paging.range, filter }, Object.keys(base).length > 0);
  const revoke = useRevokePermissions();
  const names = useScopeNames([...new Set(roles.map((r) => r.scope))]);
  const rows = list.data?.edges.map((e) => e.node) ?? [];

  // another role or application (only then: the base, by its text): a new search from the first page, nothing selected
  useEffect(() => {
    setSelected([]);
    setSearch({});
    form.resetFields();
    paging.firstPage();
  }, [baseKey]);

  const find = (values: Search) => {
    setSearch(values);
    setSelected([]);
    paging.firstPage();
  };

  const revokeIds = async (ids: string[]) => {
    try {
      const result = ensureOk(await revoke.mutateAsync(ids));
      void message.success(resultText(result, t('console.action.revoke')));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      if (rows.length <= ids.length) paging.previousPage();
    } catch (err) {
      void message.error(t('console.message.failed', { reason: errorText(err) }));
    }
  };

  const columns: DataTableColumn<Grant>[] = [
    {
      key: 'subject',
      title: t('console.field.subject'),
      width: 220,
      render: (_, g) => (
        <Space size={4} wrap>
          <SubjectTag type={g.type} />
          <span>{g.targetName || g.target}</span>
        </Space>
      ),
    },
    ...(roleFilter
      ? [
          {
            key: 'role',
            title: t('console.field.role'),
            width: 130,
            render: (_: unknown, g: Grant) => roleName(g.permission, roles),
          },
        ]
      : []),
    {
      key: 'covers',
      title: t('console.field.covers'),
      width: 260,
      render: (_, g) => <FilterText filter={g.filter} names={names} />,
    },
    { key: 'grantedBy', title: t('console.field.grantedBy'), dataIndex: 'grantedBy', width: 120 },
    {
      key: 'createTime',
      title: t('console.field.createTime'),
      width: 170,
      render: (_, g) => (g.createTime ? new Date(g.createTime).toLocaleString() : ''),
    },
    {
      key: 'actions',
      title: t('console.field.actions'),
      fixed: screens.md ? 'right' : undefined,
      width: 90,
      render: (_, g) => (
        <Popconfirm
          title={t('console.revoke.title')}
          description={t('console.revoke.one', { name: g.targetName || g.target, role: roleName(g.permission, roles) })}
          okText={t('console.action.revoke')}
          okButtonProps={{ danger: true }}
          cancelText={t('console.action.cancel')}
          onConfirm={() => revokeIds([g.revokeId])}
        >
          <Button type="link" size="small" danger>
            {t('console.action.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <>
      <Form<Search> form={form} name="grantSearch" layout="inline" className="yy-console-filters" onFinish={find}>
        <Form.Item name="keyword" label={t('console.field.keyword')}>
          <Input allowClear maxLength={100} style={{ width: 180 }} />
        </Form.Item>
        {typeFilter ? (
          <Form.Item name="type" label={t('console.field.subjectType')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('console.placeholder.all')}
              options={(['user', 'dept', 'post', 'triple'] as const).map((s) => ({
                value: s,
                label: t(`console.subject.${s}`),
              }))}
            />
          </Form.Item>
        ) : null}
        {roleFilter ? (
          <Form.Item name="permission" label={roleFilter.label}>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={roleFilter.allText}
              options={roles.map((r) => ({ value: r.code, label: roleName(r.code, roles) }))}
            />
          </Form.Item>
        ) : null}
        <SearchButtons
          searchText={t('console.action.search')}
          resetText={t('console.action.reset')}
          onReset={() => {
            form.resetFields();
            find({});
          }}
        />
      </Form>
      <DataTable<Grant>
        rowKey="revokeId"
        aria-label={caption}
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 900 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={{ emptyText }}
        toolbar={
          <Space wrap>
            {toolbar}
            <Popconfirm
              title={t('console.revoke.title')}
              description={t('console.revoke.many', { count: selected.length })}
              okText={t('console.action.revoke')}
              okButtonProps={{ danger: true }}
              cancelText={t('console.action.cancel')}
              disabled={!selected.length}
              onConfirm={() => revokeIds(selected)}
            >
              <Button danger disabled={!selected.length} loading={revoke.isPending}>
                {t('console.action.revokeSelected')}
              </Button>
            </Popconfirm>
            {selected.length ? (
              <Typography.Text type="secondary">
                {t('console.revoke.selected', { count: selected.length })}
              </Typography.Text>
            ) : null}
          </Space>
        }
        pagination={paging.pagination(list.data?.totalCount, (total) => t('console.total', { total }))}
      />
    </>
  );
}
