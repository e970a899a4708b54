import { DeleteOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteBearers } from '../../../../../features/visitors-admin/visits/deleteVisitorInvitationBearers.ts';
import { useInvitationBearers } from '../../../../../features/visitors-admin/visits/findVisitorInvitationBearerList.ts';
import { useSaveInvitationBearers } from '../../../../../features/visitors-admin/visits/saveVisitorInvitationBearers.ts';
import type { InvitationBearer } from '../../../../../features/visitors-admin/visits/types.ts';
import { useUpdateBearerState } from '../../../../../features/visitors-admin/visits/updateVisitorInvitationBearerState.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { errorText } from '../../../operation-result.ts';
import { AddBearersDialog } from './AddBearersDialog.tsx';

const TYPE_COLOR = { dept: 'blue', post: 'purple', user: 'cyan' } as const;

/**
 * Who may invite visitors (`/manage/visitorManagement/visitorInvitationBear`): departments (with
 * those below them), posts and users picked from the directory; enable, disable and delete, one
 * or several. While no entry is enabled every directory user may invite; the server refuses an
 * invitation from anyone the enabled entries do not cover.
 */
export default function VisitorInvitationBear() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [filters, setFilters] = useState<{ bearer_type: string | null; name: string | null }>({
    bearer_type: null,
    name: null,
  });
  const [form] = Form.useForm<{ bearer_type?: string; name?: string }>();
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const list = useInvitationBearers(filters);
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const save = useSaveInvitationBearers();
  const setState = useUpdateBearerState();
  const remove = useDeleteBearers();
  const f = (key: string) => t(`visitorsVisits.field.${key}`);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(done);
      return true;
    } catch (err) {
      void message.error(errorText(err));
      return false;
    }
  };
  const changeState = (ids: string[], is_enable: 0 | 1) =>
    run(
      () => setState.mutateAsync({ ids, is_enable }),
      t(is_enable ? 'visitorsVisits.message.enabled' : 'visitorsVisits.message.disabled', { count: ids.length }),
    );
  const confirmDelete = (ids: string[]) =>
    modal.confirm({
      title: t('visitorsVisits.dialog.deleteBearersTitle'),
      content: t('visitorsVisits.message.confirmDeleteBearers', { count: ids.length }),
      okText: t('visitorsVisits.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('visitorsVisits.action.cancel'),
      onOk: async () => {
        if (await run(() => remove.mutateAsync(ids), t('visitorsVisits.message.deleted', { count: ids.length })))
          setSelected((s) => s.filter((id) => !ids.includes(id)));
      },
    });

  const columns: DataTableColumn<InvitationBearer>[] = [
    {
      key: 'type',
      title: f('bearerType'),
      width: 110,
      render: (_, b) => <Tag color={TYPE_COLOR[b.bearer_type]}>{t(`visitorsVisits.bearer.type.${b.bearer_type}`)}</Tag>,
    },
    { key: 'name', title: f('bearerName'), dataIndex: 'bearer_name', width: 240 },
    {
      key: 'enabled',
      title: f('enabled'),
      width: 110,
      render: (_, b) => (
        <Switch
          size="small"
          checked={b.is_enable === 1}
          aria-label={`${b.bearer_name} ${f('enabled')}`}
          loading={setState.isPending && setState.variables?.ids.includes(b.id)}
          checkedChildren={t('visitorsVisits.bearer.on')}
          unCheckedChildren={t('visitorsVisits.bearer.off')}
          onChange={(on) => void changeState([b.id], on ? 1 : 0)}
        />
      ),
    },
    { key: 'mod_user', title: f('modUser'), dataIndex: 'mod_user', width: 120 },
    { key: 'mod_time', title: f('modTime'), dataIndex: 'mod_time', width: 170 },
    {
      key: 'actions',
      title: f('actions'),
      width: 100,
      render: (_, b) => (
        <Button size="small" type="link" danger onClick={() => confirmDelete([b.id])}>
          {t('visitorsVisits.action.delete')}
        </Button>
      ),
    },
  ];
  const anyEnabled = rows.some((b) => b.is_enable === 1);
  const filtered = !!(filters.bearer_type || filters.name);

  return (
    <Card variant="borderless">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('visitorsVisits.bearer.rule')}
        description={!filtered && list.isSuccess && !anyEnabled ? t('visitorsVisits.bearer.everyone') : undefined}
      />
      <Form
        form={form}
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(v) => setFilters({ bearer_type: v.bearer_type ?? null, name: v.name?.trim() || null })}
      >
        <Form.Item name="bearer_type" label={f('bearerType')}>
          <Select
            allowClear
            style={{ width: 140 }}
            aria-label={f('bearerType')}
            placeholder={t('visitorsVisits.filter.all')}
            options={(['dept', 'post', 'user'] as const).map((v) => ({
              value: v,
              label: t(`visitorsVisits.bearer.type.${v}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="name" label={f('bearerName')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('visitorsVisits.action.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                setFilters({ bearer_type: null, name: null });
              }}
            >
              {t('visitorsVisits.action.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <DataTable<InvitationBearer>
        rowKey="id"
        tableId="visitors-admin-bearers"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        locale={{ emptyText: t('visitorsVisits.message.noBearers') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        toolbar={
          <Space wrap>
            {selected.length ? (
              <Typography.Text type="secondary">
                {t('visitorsVisits.message.selected', { count: selected.length })}
              </Typography.Text>
            ) : null}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('visitorsVisits.action.addBearers')}
            </Button>
            <Button disabled={!selected.length} onClick={() => void changeState(selected, 1)}>
              {t('visitorsVisits.action.enable')}
            </Button>
            <Button disabled={!selected.length} onClick={() => void changeState(selected, 0)}>
              {t('visitorsVisits.action.disable')}
            </Button>
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!selected.length}
              onClick={() => confirmDelete(selected)}
            >
              {t('visitorsVisits.action.batchDelete')}
            </Button>
          </Space>
        }
        pagination={{ pageSize: 20, showTotal: (count) => t('visitorsVisits.message.total', { count }) }}
      />
      <AddBearersDialog
        open={adding}
        busy={save.isPending}
        onClose={() => setAdding(false)}
        onOk={(models) =>
          void run(async () => {
            const result = await save.mutateAsync(models);
            if (!result.ids?.length) throw new Error(t('visitorsVisits.message.alreadyListed'));
            setAdding(false);
          }, t('visitorsVisits.message.bearersAdded'))
        }
      />
    </Card>
  );
}
