import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBatchDeleteVisitorPersonType } from '../../../../../features/visitors-admin/settings/batchDeleteVisitorPersonType.ts';
import { useFindVisitorPersonTypeList } from '../../../../../features/visitors-admin/settings/findVisitorPersonTypeList.ts';
import { useSaveVisitorPersonType } from '../../../../../features/visitors-admin/settings/saveVisitorPersonType.ts';
import type { VisitorPersonType } from '../../../../../features/visitors-admin/settings/types.ts';
import { useUpdateVisitorPersonType } from '../../../../../features/visitors-admin/settings/updateVisitorPersonType.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../../operation-result.ts';
import './visitors-settings.css';

interface Values {
  item_code?: string;
  item_name: string;
  item_name_en?: string;
  item_index?: number | null;
}

type Editing = { mode: 'add'; next: number } | { mode: 'edit'; row: VisitorPersonType } | null;

function PersonTypeModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveVisitorPersonType();
  const update = useUpdateVisitorPersonType();
  const row = editing?.mode === 'edit' ? editing.row : null;

  const submit = async (v: Values) => {
    const model = {
      item_code: v.item_code?.trim() || undefined,
      item_name: v.item_name.trim(),
      item_name_en: v.item_name_en?.trim() ?? '',
      item_index: v.item_index ?? undefined,
    };
    try {
      ensureOk(row ? await update.mutateAsync({ ...model, id: row.id }) : await save.mutateAsync(model));
      void message.success(t('visitorsSettings.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={t(row ? 'visitorsSettings.editPersonType' : 'visitorsSettings.addPersonType')}
      okText={t('visitorsSettings.ok')}
      cancelText={t('visitorsSettings.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending || update.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={submit}
        initialValues={{
          item_code: row?.item_code ?? '',
          item_name: row?.item_name ?? '',
          item_name_en: row?.item_name_en ?? '',
          item_index: row?.item_index ?? (editing?.mode === 'add' ? editing.next : null),
        }}
      >
        <Form.Item
          name="item_name"
          label={t('visitorsSettings.itemName')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('visitorsSettings.required_', { field: t('visitorsSettings.itemName') }),
            },
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="item_name_en" label={t('visitorsSettings.itemNameEn')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="item_code"
          label={t('visitorsSettings.itemCode')}
          extra={t('visitorsSettings.itemCodeHelp')}
          rules={[{ pattern: /^[A-Za-z0-9_-]{0,50}$/, message: t('visitorsSettings.itemCodeHelp') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="item_index" label={t('visitorsSettings.itemIndex')}>
          <InputNumber min={0} max={10000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `/manage/visitorManagement/visitorPersonType`: the person types (a code table) the phone forms and long-term visitors use. */
export default function PersonTypes() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useFindVisitorPersonTypeList();
  const remove = useBatchDeleteVisitorPersonType();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const rows = list.data ?? [];

  const del = async (ids: string[]) => {
    try {
      ensureOk(await remove.mutateAsync(ids));
      void message.success(t('visitorsSettings.deleted'));
      setSelected([]);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: DataTableColumn<VisitorPersonType>[] = [
    { key: 'item_name', title: t('visitorsSettings.itemName'), dataIndex: 'item_name' },
    { key: 'item_name_en', title: t('visitorsSettings.itemNameEn'), dataIndex: 'item_name_en' },
    { key: 'item_code', title: t('visitorsSettings.itemCode'), dataIndex: 'item_code' },
    { key: 'item_index', title: t('visitorsSettings.itemIndex'), dataIndex: 'item_index' },
    { key: 'create_time', title: t('visitorsSettings.createTime'), dataIndex: 'create_time' },
    {
      key: 'actions',
      title: t('visitorsSettings.actions'),
      render: (_, r) => (
        <Space size="small">
          <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row: r })}>
            {t('visitorsSettings.edit')}
          </Button>
          <Popconfirm
            title={t('visitorsSettings.deleteConfirm')}
            okText={t('visitorsSettings.ok')}
            cancelText={t('visitorsSettings.cancel')}
            onConfirm={() => del([r.id])}
          >
            <Button type="link" size="small" danger>
              {t('visitorsSettings.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card className="yy-vs-page">
      <Typography.Text type="secondary" className="yy-vs-intro">
        {t('visitorsSettings.personTypeIntro')}
      </Typography.Text>
      <DataTable<VisitorPersonType>
        tableId="visitor-person-types"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        pagination={{ pageSize: 20, showSizeChanger: true }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        toolbar={
          <Space>
            <Button
              type="primary"
              onClick={() => setEditing({ mode: 'add', next: Math.max(0, ...rows.map((r) => r.item_index)) + 1 })}
            >
              {t('visitorsSettings.add')}
            </Button>
            <Popconfirm
              title={t('visitorsSettings.batchDeleteConfirm', { count: selected.length })}
              okText={t('visitorsSettings.ok')}
              cancelText={t('visitorsSettings.cancel')}
              disabled={selected.length === 0}
              onConfirm={() => del(selected)}
            >
              <Button danger disabled={selected.length === 0}>
                {t('visitorsSettings.batchDelete')}
              </Button>
            </Popconfirm>
          </Space>
        }
      />
      <PersonTypeModal editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
