import { App, Button, Card, Form, Grid, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { CheckCircleOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteResourcesType } from '../../../../../features/resource-types/api/deleteResourcesType.ts';
import { useResourcesTypeAll } from '../../../../../features/resource-types/api/findResourcesTypeAll.ts';
import type { ResourcesType, ResourcesTypeFilter } from '../../../../../features/resource-types/api/types.ts';
import { useUpdateResourcesTypeState } from '../../../../../features/resource-types/api/updateResourcesTypeState.ts';
import { enabledModes } from '../../../../../features/resource-types/typeForm.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { errorText } from '../../../operation-result.ts';
import { ResourcesTypeForm } from './ResourcesTypeForm.tsx';

interface Filters {
  name?: string;
  tag?: string;
  state?: string;
}

function filterOf(f: Filters): ResourcesTypeFilter {
  return {
    ...(f.name?.trim() ? { resources_name: { like: f.name.trim() } } : {}),
    ...(f.tag ? { resources_tag: { eq: f.tag } } : {}),
    ...(f.state ? { state: { eq: f.state } } : {}),
  };
}

/**
 * Resource type management (`/manage/resources/resources-type-list`): search, create and
 * edit in a drawer, enable and disable, delete (refused by the server while resources exist).
 */
export default function ResourcesTypeList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<{ open: boolean; type: ResourcesType | null }>({ open: false, type: null });
  const list = useResourcesTypeAll(filterOf(filters));
  const all = useResourcesTypeAll();
  const setState = useUpdateResourcesTypeState();
  const remove = useDeleteResourcesType();

  const tags = useMemo(() => {
    const seen = new Map<string, string>();
    for (const ty of all.data ?? [])
      if (ty.resources_tag) seen.set(ty.resources_tag, pick(ty.resources_tag, ty.resources_tag_en));
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [all.data]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(t(done));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: DataTableColumn<ResourcesType>[] = [
    {
      key: 'resources_name',
      title: t('resourceTypes.field.name'),
      width: 200,
      render: (_, ty) => (
        <Typography.Link onClick={() => setEditing({ open: true, type: ty })}>{ty.resources_name}</Typography.Link>
      ),
    },
    { key: 'resources_name_en', title: t('resourceTypes.field.nameEn'), dataIndex: 'resources_name_en', width: 180 },
    {
      key: 'resources_tag',
      title: t('resourceTypes.field.tag'),
      width: 160,
      render: (_, ty) => pick(ty.resources_tag, ty.resources_tag_en) || '—',
    },
    {
      key: 'state',
      title: t('resourceTypes.field.state'),
      width: 100,
      render: (_, ty) =>
        ty.state === 1 ? (
          <Tag color="success" icon={<CheckCircleOutlined />}>
            {t('resourceTypes.state.1')}
          </Tag>
        ) : (
          <Tag icon={<StopOutlined />}>{t('resourceTypes.state.0')}</Tag>
        ),
    },
    {
      key: 'modes',
      title: t('resourceTypes.field.modes'),
      width: 170,
      render: (_, ty) => {
        const modes = enabledModes(ty);
        return modes.length ? modes.map((m) => t(`resourceTypes.mode.${m}`)).join(' / ') : t('resourceTypes.mode.none');
      },
    },
    { key: 'order', title: t('resourceTypes.field.order'), dataIndex: 'order', width: 80 },
    {
      key: 'created_user_name',
      title: t('resourceTypes.field.createdUser'),
      dataIndex: 'created_user_name',
      width: 120,
      defaultHidden: true,
    },
    {
      key: 'create_time',
      title: t('resourceTypes.field.createTime'),
      dataIndex: 'create_time',
      width: 170,
      defaultHidden: true,
    },
    {
      key: 'actions',
      title: t('resourceTypes.field.actions'),
      fixed: screens.md ? 'right' : undefined,
      width: 200,
      render: (_, ty) => {
        const name = pick(ty.resources_name, ty.resources_name_en);
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ open: true, type: ty })}>
              {t('resourceTypes.action.edit')}
            </Button>
            {ty.state === 1 ? (
              <Popconfirm
                title={t('resourceTypes.message.confirmDisable', { name })}
                onConfirm={() =>
                  run(() => setState.mutateAsync({ id: ty.id, state: 0 }), 'resourceTypes.message.disabled')
                }
              >
                <Button type="link" size="small">
                  {t('resourceTypes.action.disable')}
                </Button>
              </Popconfirm>
            ) : (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void run(() => setState.mutateAsync({ id: ty.id, state: 1 }), 'resourceTypes.message.enabled')
                }
              >
                {t('resourceTypes.action.enable')}
              </Button>
            )}
            <Popconfirm
              title={t('resourceTypes.message.confirmDelete', { name })}
              okButtonProps={{ danger: true }}
              onConfirm={() => run(() => remove.mutateAsync(ty.id), 'resourceTypes.message.deleted')}
            >
              <Button type="link" size="small" danger>
                {t('resourceTypes.action.delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <Card variant="borderless">
      <Form<Filters>
        form={form}
        name="typeFilter"
        layout="inline"
        onFinish={setFilters}
        style={{ marginBottom: 16, rowGap: 12 }}
      >
        <Form.Item name="name" label={t('resourceTypes.field.name')}>
          <Input allowClear placeholder={t('resourceTypes.placeholder.search')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="tag" label={t('resourceTypes.field.tag')}>
          <Select allowClear placeholder={t('resourceTypes.placeholder.all')} style={{ width: 160 }} options={tags} />
        </Form.Item>
        <Form.Item name="state" label={t('resourceTypes.field.state')}>
          <Select
            allowClear
            placeholder={t('resourceTypes.placeholder.all')}
            style={{ width: 120 }}
            options={['1', '0'].map((v) => ({ value: v, label: t(`resourceTypes.state.${v}`) }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('resourceTypes.action.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
              }}
            >
              {t('resourceTypes.action.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <DataTable<ResourcesType>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={list.data ?? []}
        scroll={{ x: 1160 }}
        locale={{ emptyText: t('resourceTypes.message.empty') }}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, type: null })}>
            {t('resourceTypes.action.create')}
          </Button>
        }
        pagination={{
          showSizeChanger: true,
          showTotal: (count) => t('resourceTypes.message.total', { count }),
        }}
      />
      <ResourcesTypeForm
        open={editing.open}
        type={editing.type}
        onClose={() => setEditing({ open: false, type: null })}
      />
    </Card>
  );
}
