import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCollectionConfig } from '../../../../features/collection-config/api/deleteCollectionConfig.ts';
import {
  COLLECTION_FIELD_TYPES,
  useFindCollectionConfigAll,
  type CollectionConfig as Field,
  type CollectionConfigFilter,
} from '../../../../features/collection-config/api/findCollectionConfigAll.ts';
import {
  useSaveCollectionConfig,
  type CollectionConfigInput,
} from '../../../../features/collection-config/api/saveCollectionConfig.ts';
import { useSortCollectionConfig } from '../../../../features/collection-config/api/sortCollectionConfig.ts';
import { moveWithinType } from '../../../../features/collection-config/order.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../operation-result.ts';
import { ResourceTypeInput, ResourceTypeName } from './ResourceTypeInput.tsx';
import './settings-pages.css';

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Collected-information management (`/manage/settings/collection-config`): the extra fields a
 * booking form collects per resource type, with type, required flag and order (up/down).
 */
export default function CollectionConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filter, setFilter] = useState<CollectionConfigFilter>({});
  const list = useFindCollectionConfigAll(filter);
  const save = useSaveCollectionConfig();
  const remove = useDeleteCollectionConfig();
  const sort = useSortCollectionConfig();
  const [editing, setEditing] = useState<Field | 'new' | null>(null);
  const [form] = Form.useForm<CollectionConfigInput>();
  const fieldType = Form.useWatch('field_type', form);
  const rows = list.data ?? [];

  const typeLabel = (type: string) => t(`settingsAdmin.collection.types.${type}`);

  const open = (row: Field | 'new') => {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(
      row === 'new'
        ? {
            resource_type_id: filter.resource_type_id?.eq ?? '',
            field_name: '',
            label_zh: '',
            label_en: '',
            field_type: 'text',
            options: [],
            required: false,
            enabled: true,
          }
        : { ...row, options: row.options.map((o) => ({ ...o })) },
    );
  };

  const submit = async () => {
    const values = await form.validateFields();
    try {
      ensureOk(
        await save.mutateAsync({
          ...values,
          options: values.field_type === 'select' ? (values.options ?? []) : [],
          ...(editing && editing !== 'new' ? { id: editing.id } : {}),
        }),
      );
      void message.success(t('settingsAdmin.saved'));
      setEditing(null);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const move = async (row: Field, step: -1 | 1) => {
    const ids = moveWithinType(rows, row.id, step);
    if (!ids) return;
    try {
      ensureOk(await sort.mutateAsync(ids));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: DataTableColumn<Field>[] = [
    {
      key: 'resource_type_id',
      title: t('settingsAdmin.resourceType'),
      dataIndex: 'resource_type_id',
      width: 130,
      render: (id: string) => <ResourceTypeName id={id} />,
    },
    { key: 'order_num', title: t('settingsAdmin.order'), dataIndex: 'order_num', width: 70 },
    {
      key: 'label',
      title: t('settingsAdmin.collection.label'),
      render: (_, r) => pick(r.label_zh, r.label_en),
      width: 150,
    },
    { key: 'field_name', title: t('settingsAdmin.collection.fieldName'), dataIndex: 'field_name', width: 140 },
    {
      key: 'field_type',
      title: t('settingsAdmin.collection.fieldType'),
      render: (_, r) => typeLabel(r.field_type),
      width: 110,
    },
    {
      key: 'options',
      title: t('settingsAdmin.collection.options'),
      render: (_, r) => (
        <span className="yy-cell-ellipsis">
          {r.options.map((o) => pick(o.label_zh, o.label_en)).join(' / ') || '-'}
        </span>
      ),
      defaultHidden: true,
    },
    {
      key: 'required',
      title: t('settingsAdmin.collection.required'),
      width: 80,
      render: (_, r) =>
        r.required ? <Tag color="warning">{t('settingsAdmin.yes')}</Tag> : <Tag>{t('settingsAdmin.no')}</Tag>,
    },
    {
      key: 'enabled',
      title: t('settingsAdmin.state'),
      width: 90,
      render: (_, r) =>
        r.enabled ? <Tag color="success">{t('settingsAdmin.enabled')}</Tag> : <Tag>{t('settingsAdmin.disabled')}</Tag>,
    },
    {
      key: 'actions',
      title: t('settingsAdmin.actions'),
      width: 190,
      fixed: 'right',
      render: (_, r) => {
        const group = rows.filter((x) => x.resource_type_id === r.resource_type_id);
        const at = group.findIndex((x) => x.id === r.id);
        return (
          <Space size={0}>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={t('settingsAdmin.moveUp', { name: pick(r.label_zh, r.label_en) })}
              disabled={at <= 0 || sort.isPending}
              onClick={() => void move(r, -1)}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('settingsAdmin.moveDown', { name: pick(r.label_zh, r.label_en) })}
              disabled={at === group.length - 1 || sort.isPending}
              onClick={() => void move(r, 1)}
            />
            <Button type="link" size="small" onClick={() => open(r)}>
              {t('settingsAdmin.edit')}
            </Button>
            <Popconfirm
              title={t('settingsAdmin.deleteConfirm', { name: pick(r.label_zh, r.label_en) })}
              okText={t('settingsAdmin.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={async () => {
                try {
                  ensureOk(await remove.mutateAsync(r.id));
                  void message.success(t('settingsAdmin.deleted', { count: 1 }));
                } catch (err) {
                  void message.error(errorText(err));
                }
              }}
            >
              <Button type="link" size="small" danger>
                {t('settingsAdmin.delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  const required = (field: string) => ({ required: true, whitespace: true, message: t('common.required', { field }) });

  return (
    <Card title={t('route.manage.settingsCollectionConfig')}>
      <Form
        className="yy-filter-form"
        layout="inline"
        onFinish={(v: { resource_type_id?: string }) =>
          setFilter(v.resource_type_id?.trim() ? { resource_type_id: { eq: v.resource_type_id.trim() } } : {})
        }
      >
        <Form.Item name="resource_type_id" label={t('settingsAdmin.resourceType')}>
          <ResourceTypeInput allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('settingsAdmin.search')}
          </Button>
        </Form.Item>
      </Form>
      <DataTable<Field>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        pagination={false}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            {t('settingsAdmin.add')}
          </Button>
        }
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('settingsAdmin.collection.add') : t('settingsAdmin.collection.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        forceRender
        width={640}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="resource_type_id"
            label={t('settingsAdmin.resourceType')}
            extra={t('settingsAdmin.collection.typeHint')}
            rules={[required(t('settingsAdmin.resourceType'))]}
          >
            <ResourceTypeInput />
          </Form.Item>
          <Form.Item
            name="field_name"
            label={t('settingsAdmin.collection.fieldName')}
            extra={t('settingsAdmin.collection.fieldNameHint')}
            rules={[
              required(t('settingsAdmin.collection.fieldName')),
              { pattern: FIELD_NAME, message: t('settingsAdmin.collection.fieldNameInvalid') },
            ]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Space wrap style={{ display: 'flex' }} align="start">
            <Form.Item
              name="label_zh"
              label={t('settingsAdmin.collection.labelZh')}
              rules={[required(t('settingsAdmin.collection.labelZh')), { max: 100 }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="label_en" label={t('settingsAdmin.collection.labelEn')} rules={[{ max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Space>
          <Form.Item name="field_type" label={t('settingsAdmin.collection.fieldType')} rules={[{ required: true }]}>
            <Select options={COLLECTION_FIELD_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))} />
          </Form.Item>
          {fieldType === 'select' ? (
            <Form.List
              name="options"
              rules={[
                {
                  validator: async (_, value: unknown[] | undefined) => {
                    if (!value || value.length === 0) throw new Error(t('settingsAdmin.collection.optionsRequired'));
                  },
                },
              ]}
            >
              {(fields, { add, remove: drop }, { errors }) => (
                <Form.Item label={t('settingsAdmin.collection.options')} required>
                  {fields.map((f, i) => (
                    <Space key={f.key} align="start" wrap>
                      <Form.Item name={[f.name, 'label_zh']} rules={[required(t('settingsAdmin.collection.optionZh'))]}>
                        <Input
                          placeholder={t('settingsAdmin.collection.optionZh')}
                          aria-label={`${t('settingsAdmin.collection.optionZh')} ${i + 1}`}
                        />
                      </Form.Item>
                      <Form.Item name={[f.name, 'label_en']}>
                        <Input
                          placeholder={t('settingsAdmin.collection.optionEn')}
                          aria-label={`${t('settingsAdmin.collection.optionEn')} ${i + 1}`}
                        />
                      </Form.Item>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('settingsAdmin.collection.removeOption', { n: i + 1 })}
                        onClick={() => drop(f.name)}
                      />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ value: '', label_zh: '', label_en: '' })}
                  >
                    {t('settingsAdmin.collection.addOption')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </Form.Item>
              )}
            </Form.List>
          ) : null}
          <Space size="large">
            <Form.Item name="required" label={t('settingsAdmin.collection.required')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="enabled" label={t('settingsAdmin.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}
