import { Alert, App, Button, Form, Input, Modal, Popconfirm, Radio, Select, Space, Switch, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalSession } from '../../../../../app/session.tsx';
import { useUsers } from '../../../../../features/directory/api/users.ts';
import { useBatchDeleteVisitorAdminPermissionsEntity } from '../../../../../features/visitors-admin/settings/batchDeleteVisitorAdminPermissionsEntity.ts';
import { useFindVisitorAdminPermissionsEntityList } from '../../../../../features/visitors-admin/settings/findVisitorAdminPermissionsEntityList.ts';
import { useFindVisitorAreaResourcesAll } from '../../../../../features/visitors-admin/settings/findVisitorAreaResourcesAll.ts';
import { useSaveVisitorAdminPermissionsEntity } from '../../../../../features/visitors-admin/settings/saveVisitorAdminPermissionsEntity.ts';
import type { VisitorAdmin } from '../../../../../features/visitors-admin/settings/types.ts';
import { useUpdateVisitorAdminPermissionsEntity } from '../../../../../features/visitors-admin/settings/updateVisitorAdminPermissionsEntity.ts';
import { useUpdateVisitorAdminPermissionsEntityState } from '../../../../../features/visitors-admin/settings/updateVisitorAdminPermissionsEntityState.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../../operation-result.ts';
import { AreaSelect, flagOf, idsOf, on, VISITOR_TYPE_NAMES } from './parts.tsx';

interface AdminValues {
  admin_user: string;
  permission: string;
  scope_areas: string[];
  scope_types: string[];
  is_enable: boolean;
}

type Editing = { mode: 'add' } | { mode: 'edit'; row: VisitorAdmin } | null;

/** Picks a directory user by name (value: the account). */
function UserPick({ value, onChange, id }: { value?: string; onChange?: (account: string) => void; id?: string }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const users = useUsers(keyword);
  return (
    <Select
      id={id}
      showSearch
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={setKeyword}
      loading={users.isFetching}
      placeholder={t('visitorsSettings.adminPickPlaceholder')}
      options={(users.data ?? []).map((u) => ({ value: u.account, label: `${u.name} (${u.account})` }))}
    />
  );
}

function AdminModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AdminValues>();
  const save = useSaveVisitorAdminPermissionsEntity();
  const update = useUpdateVisitorAdminPermissionsEntity();
  const row = editing?.mode === 'edit' ? editing.row : null;

  const submit = async (v: AdminValues) => {
    const model = {
      permission: v.permission,
      scope_areas: (v.scope_areas ?? []).join(','),
      scope_types: (v.scope_types ?? []).join(','),
      is_enable: flagOf(v.is_enable),
    };
    try {
      ensureOk(
        row
          ? await update.mutateAsync({ ...model, id: row.id })
          : await save.mutateAsync({ ...model, admin_user: v.admin_user }),
      );
      void message.success(t('visitorsSettings.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={t(row ? 'visitorsSettings.editAdmin' : 'visitorsSettings.addAdmin')}
      okText={t('visitorsSettings.ok')}
      cancelText={t('visitorsSettings.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending || update.isPending}
      destroyOnHidden
      width={640}
    >
      <Form<AdminValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={submit}
        initialValues={{
          admin_user: row?.admin_user,
          permission: row?.permission ?? 'admin',
          scope_areas: idsOf(row?.scope_areas),
          scope_types: idsOf(row?.scope_types),
          is_enable: row ? on(row.is_enable) : true,
        }}
      >
        {row ? (
          <Form.Item label={t('visitorsSettings.adminPick')}>
            <Input value={`${row.admin_user_name} (${row.admin_user})`} disabled />
          </Form.Item>
        ) : (
          <Form.Item
            name="admin_user"
            label={t('visitorsSettings.adminPick')}
            rules={[
              { required: true, message: t('visitorsSettings.required_', { field: t('visitorsSettings.adminPick') }) },
            ]}
          >
            <UserPick />
          </Form.Item>
        )}
        <Form.Item name="permission" label={t('visitorsSettings.permission')}>
          <Radio.Group
            options={[
              { value: 'admin', label: t('visitorsSettings.permissionAdmin') },
              { value: 'gate', label: t('visitorsSettings.permissionGate') },
            ]}
          />
        </Form.Item>
        <Form.Item name="scope_areas" label={t('visitorsSettings.scopeAreas')}>
          <AreaSelect placeholder={t('visitorsSettings.scopeAll')} />
        </Form.Item>
        <Form.Item name="scope_types" label={t('visitorsSettings.scopeTypes')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('visitorsSettings.scopeAll')}
            options={Object.entries(VISITOR_TYPE_NAMES).map(([value, n]) => ({ value, label: pick(n.zh, n.en) }))}
          />
        </Form.Item>
        <Form.Item name="is_enable" label={t('visitorsSettings.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The visitor administrators and gate staff: list, add, edit, enable or disable, delete (tenant administrators change them). */
export function VisitorAdmins() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const permission = useOptionalSession()?.permission;
  const mayChange = permission === 'admin';
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const list = useFindVisitorAdminPermissionsEntityList(keyword);
  const areas = useFindVisitorAreaResourcesAll();
  const setState = useUpdateVisitorAdminPermissionsEntityState();
  const remove = useBatchDeleteVisitorAdminPermissionsEntity();

  const areaName = useMemo(() => {
    const names = new Map((areas.data ?? []).map((a) => [a.id, pick(a.resources_name, a.resources_name_en)]));
    return (id: string) => names.get(id) ?? id;
  }, [areas.data]);

  const run = async (action: () => Promise<{ errcode: string; msg: string; msg_en: string }>, done: string) => {
    try {
      ensureOk(await action());
      void message.success(done);
      setSelected([]);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: DataTableColumn<VisitorAdmin>[] = [
    { key: 'admin_user', title: t('visitorsSettings.adminUser'), dataIndex: 'admin_user' },
    { key: 'admin_user_name', title: t('visitorsSettings.adminUserName'), dataIndex: 'admin_user_name' },
    {
      key: 'permission',
      title: t('visitorsSettings.permission'),
      render: (_, r) => (
        <Tag color={r.permission === 'admin' ? 'blue' : 'default'}>
          {t(r.permission === 'admin' ? 'visitorsSettings.permissionAdmin' : 'visitorsSettings.permissionGate')}
        </Tag>
      ),
    },
    {
      key: 'scope_areas',
      title: t('visitorsSettings.scopeAreas'),
      render: (_, r) => idsOf(r.scope_areas).map(areaName).join('、') || t('visitorsSettings.scopeAll'),
    },
    {
      key: 'scope_types',
      title: t('visitorsSettings.scopeTypes'),
      render: (_, r) =>
        idsOf(r.scope_types)
          .map((type) =>
            VISITOR_TYPE_NAMES[type] ? pick(VISITOR_TYPE_NAMES[type].zh, VISITOR_TYPE_NAMES[type].en) : type,
          )
          .join('、') || t('visitorsSettings.scopeAll'),
    },
    {
      key: 'is_enable',
      title: t('visitorsSettings.enabled'),
      render: (_, r) => (
        <Switch
          size="small"
          checked={on(r.is_enable)}
          disabled={!mayChange || setState.isPending}
          aria-label={`${t('visitorsSettings.enabled')} ${r.admin_user}`}
          onChange={(checked) =>
            void run(
              () => setState.mutateAsync({ ids: [r.id], is_enable: flagOf(checked) }),
              t('visitorsSettings.saved'),
            )
          }
        />
      ),
    },
    { key: 'mod_user', title: t('visitorsSettings.modUser'), dataIndex: 'mod_user', defaultHidden: true },
    { key: 'mod_time', title: t('visitorsSettings.modTime'), dataIndex: 'mod_time' },
    {
      key: 'actions',
      title: t('visitorsSettings.actions'),
      render: (_, r) =>
        mayChange ? (
          <Space size="small">
            <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row: r })}>
              {t('visitorsSettings.edit')}
            </Button>
            <Popconfirm
              title={t('visitorsSettings.deleteConfirm')}
              okText={t('visitorsSettings.ok')}
              cancelText={t('visitorsSettings.cancel')}
              onConfirm={() => run(() => remove.mutateAsync([r.id]), t('visitorsSettings.deleted'))}
            >
              <Button type="link" size="small" danger>
                {t('visitorsSettings.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      {!mayChange && (
        <Alert type="info" showIcon className="yy-vs-intro" title={t('visitorsSettings.adminsOnlyTenantAdmin')} />
      )}
      <div className="yy-vs-toolbar">
        <Input
          aria-label={t('visitorsSettings.keyword')}
          placeholder={t('visitorsSettings.keyword')}
          value={keywordInput}
          onChange={(e) => setKeywordInput(e.target.value)}
          onPressEnter={() => setKeyword(keywordInput.trim())}
          style={{ width: 220 }}
          allowClear
        />
        <Button type="primary" onClick={() => setKeyword(keywordInput.trim())}>
          {t('visitorsSettings.search')}
        </Button>
        <Button
          onClick={() => {
            setKeywordInput('');
            setKeyword('');
          }}
        >
          {t('visitorsSettings.reset')}
        </Button>
      </div>
      <DataTable<VisitorAdmin>
        tableId="visitor-admins"
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        pagination={{ pageSize: 20, showSizeChanger: true }}
        rowSelection={
          mayChange ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined
        }
        toolbar={
          mayChange ? (
            <Space>
              <Button type="primary" onClick={() => setEditing({ mode: 'add' })}>
                {t('visitorsSettings.add')}
              </Button>
              <Button
                disabled={selected.length === 0}
                onClick={() =>
                  void run(() => setState.mutateAsync({ ids: selected, is_enable: 1 }), t('visitorsSettings.saved'))
                }
              >
                {t('visitorsSettings.enable')}
              </Button>
              <Button
                disabled={selected.length === 0}
                onClick={() =>
                  void run(() => setState.mutateAsync({ ids: selected, is_enable: 0 }), t('visitorsSettings.saved'))
                }
              >
                {t('visitorsSettings.disable')}
              </Button>
              <Popconfirm
                title={t('visitorsSettings.batchDeleteConfirm', { count: selected.length })}
                okText={t('visitorsSettings.ok')}
                cancelText={t('visitorsSettings.cancel')}
                disabled={selected.length === 0}
                onConfirm={() => run(() => remove.mutateAsync(selected), t('visitorsSettings.deleted'))}
              >
                <Button danger disabled={selected.length === 0}>
                  {t('visitorsSettings.batchDelete')}
                </Button>
              </Popconfirm>
            </Space>
          ) : undefined
        }
      />
      <AdminModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
