import { App, Button, Card, Form, Grid, Input, Popconfirm, Select, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteResourcesOccupy } from '../../../../../features/occupancy/api/deleteResourcesOccupy.ts';
import { useResourcesForPicker } from '../../../../../features/occupancy/api/findResourcesAll.ts';
import { useResourcesOccupyAll } from '../../../../../features/occupancy/api/findResourcesOccupyAll.ts';
import type { ResourcesOccupy, ResourcesOccupyFilter } from '../../../../../features/occupancy/api/types.ts';
import { useResourcesTypeAll } from '../../../../../features/resource-types/api/findResourcesTypeAll.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { errorText } from '../../../operation-result.ts';
import { OccupyFormModal } from './OccupyFormModal.tsx';

interface Filters {
  resources_type_id?: string;
  resources_id?: string;
  /** "YYYY-MM-DD" */
  from?: string;
  to?: string;
}

function filterOf(f: Filters): ResourcesOccupyFilter {
  return {
    ...(f.resources_type_id ? { resources_type_id: { eq: f.resources_type_id } } : {}),
    ...(f.resources_id ? { resources_id: { eq: f.resources_id } } : {}),
    // periods overlapping [from 00:00, to 24:00)
    ...(f.from ? { start_time: { gte: f.from } } : {}),
    ...(f.to ? { end_time: { lte: `${f.to} 23:59` } } : {}),
  };
}

/**
 * Occupancy management (`/manage/resources/resources-occupy-list`): the periods a resource is
 * blocked for, with filters by type, resource and dates; block, change and delete.
 */
export default function ResourcesOccupyList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [editing, setEditing] = useState<{ open: boolean; occupancy: ResourcesOccupy | null }>({
    open: false,
    occupancy: null,
  });
  const list = useResourcesOccupyAll({
    first: page.pageSize,
    offset: (page.current - 1) * page.pageSize,
    filter: filterOf(filters),
  });
  const types = useResourcesTypeAll();
  const resources = useResourcesForPicker();
  const remove = useDeleteResourcesOccupy();
  const typeId = Form.useWatch('resources_type_id', form);

  const columns: DataTableColumn<ResourcesOccupy>[] = [
    {
      key: 'resource',
      title: t('occupancy.field.resource'),
      width: 180,
      render: (_, o) => (
        <Typography.Link onClick={() => setEditing({ open: true, occupancy: o })}>
          {pick(o.resources_name, o.resources_name_en)}
        </Typography.Link>
      ),
    },
    {
      key: 'period',
      title: t('occupancy.field.period'),
      width: 270,
      render: (_, o) => `${o.start_time} – ${o.end_time}`,
    },
    { key: 'reason_cn', title: t('occupancy.field.reason'), dataIndex: 'reason_cn', width: 200, ellipsis: true },
    { key: 'reason_en', title: t('occupancy.field.reasonEn'), dataIndex: 'reason_en', width: 180, ellipsis: true },
    {
      key: 'created_user_name',
      title: t('occupancy.field.createdUser'),
      dataIndex: 'created_user_name',
      width: 120,
      defaultHidden: true,
    },
    {
      key: 'create_time',
      title: t('occupancy.field.createTime'),
      dataIndex: 'create_time',
      width: 170,
      defaultHidden: true,
    },
    {
      key: 'actions',
      title: t('occupancy.field.actions'),
      fixed: screens.md ? 'right' : undefined,
      width: 140,
      render: (_, o) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ open: true, occupancy: o })}>
            {t('occupancy.action.edit')}
          </Button>
          <Popconfirm
            title={t('occupancy.message.confirmDelete', {
              name: pick(o.resources_name, o.resources_name_en),
              period: `${o.start_time} – ${o.end_time}`,
            })}
            okButtonProps={{ danger: true }}
            onConfirm={async () => {
              try {
                await remove.mutateAsync(o.id);
                void message.success(t('occupancy.message.deleted'));
              } catch (err) {
                void message.error(errorText(err));
              }
            }}
          >
            <Button type="link" size="small" danger>
              {t('occupancy.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <Form<Filters>
        form={form}
        name="occupyFilter"
        layout="inline"
        onFinish={(v) => {
          setFilters(v);
          setPage((p) => ({ ...p, current: 1 }));
        }}
        onValuesChange={(changed) => {
          if ('resources_type_id' in changed) form.setFieldValue('resources_id', undefined);
        }}
        style={{ marginBottom: 16, rowGap: 12 }}
      >
        <Form.Item name="resources_type_id" label={t('occupancy.field.type')}>
          <Select
            allowClear
            placeholder={t('occupancy.placeholder.allTypes')}
            style={{ width: 150 }}
            options={(types.data ?? []).map((ty) => ({
              value: ty.id,
              label: pick(ty.resources_name, ty.resources_name_en),
            }))}
          />
        </Form.Item>
        <Form.Item name="resources_id" label={t('occupancy.field.resource')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('occupancy.placeholder.all')}
            style={{ width: 190 }}
            options={(resources.data ?? [])
              .filter((r) => !typeId || r.resources_type_id === typeId)
              .map((r) => ({ value: r.id, label: pick(r.resources_name, r.resources_name_en) }))}
          />
        </Form.Item>
        <Form.Item name="from" label={t('occupancy.field.from')}>
          <Input type="date" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item
          name="to"
          label={t('occupancy.field.to')}
          dependencies={['from']}
          rules={[
            {
              validator: async (_, v: string) => {
                const from = form.getFieldValue('from') as string;
                if (v && from && v < from) throw new Error(t('occupancy.message.rangeOrder'));
              },
            },
          ]}
        >
          <Input type="date" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('occupancy.action.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
                setPage((p) => ({ ...p, current: 1 }));
              }}
            >
              {t('occupancy.action.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <DataTable<ResourcesOccupy>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={list.data?.edges.map((e) => e.node) ?? []}
        scroll={{ x: 1030 }}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, occupancy: null })}>
            {t('occupancy.action.create')}
          </Button>
        }
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: list.data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (count) => t('occupancy.message.total', { count }),
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
      />
      <OccupyFormModal
        open={editing.open}
        occupancy={editing.occupancy}
        onClose={() => setEditing({ open: false, occupancy: null })}
      />
    </Card>
  );
}
