import { App, Button, Card, Form, Input, Modal, Popconfirm, Space, Switch, Tag } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteReviewAddress } from '../../../../features/review-addresses/api/deleteReviewAddress.ts';
import {
  useFindReviewAddressAll,
  type ReviewAddress,
  type ReviewAddressFilter,
} from '../../../../features/review-addresses/api/findReviewAddressAll.ts';
import {
  useSaveReviewAddress,
  type ReviewAddressInput,
} from '../../../../features/review-addresses/api/saveReviewAddress.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../operation-result.ts';
import { ResourceTypeInput, ResourceTypeName } from './ResourceTypeInput.tsx';
import './settings-pages.css';

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** Review address management (`/manage/settings/review-manage`): external approval pages per resource type. */
export default function ReviewManage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filter, setFilter] = useState<ReviewAddressFilter>({});
  const list = useFindReviewAddressAll(filter);
  const save = useSaveReviewAddress();
  const remove = useDeleteReviewAddress();
  const [editing, setEditing] = useState<ReviewAddress | 'new' | null>(null);
  const [form] = Form.useForm<ReviewAddressInput>();

  const open = (row: ReviewAddress | 'new') => {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(
      row === 'new'
        ? { name: '', name_en: '', url: '', resource_type_id: '', description: '', enabled: true }
        : { ...row },
    );
  };

  const submit = async () => {
    const values = await form.validateFields();
    try {
      ensureOk(await save.mutateAsync({ ...values, ...(editing && editing !== 'new' ? { id: editing.id } : {}) }));
      void message.success(t('settingsAdmin.saved'));
      setEditing(null);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: DataTableColumn<ReviewAddress>[] = [
    { key: 'name', title: t('settingsAdmin.review.name'), render: (_, r) => pick(r.name, r.name_en), width: 180 },
    { key: 'name_en', title: t('settingsAdmin.review.nameEn'), dataIndex: 'name_en', defaultHidden: true },
    {
      key: 'url',
      title: t('settingsAdmin.review.url'),
      dataIndex: 'url',
      render: (v: string) => (
        <a href={v} target="_blank" rel="noopener noreferrer" className="yy-cell-ellipsis" title={v}>
          {v}
        </a>
      ),
    },
    {
      key: 'resource_type_id',
      title: t('settingsAdmin.resourceType'),
      dataIndex: 'resource_type_id',
      width: 140,
      render: (id: string) => <ResourceTypeName id={id} />,
    },
    {
      key: 'enabled',
      title: t('settingsAdmin.state'),
      width: 90,
      render: (_, r) =>
        r.enabled ? <Tag color="success">{t('settingsAdmin.enabled')}</Tag> : <Tag>{t('settingsAdmin.disabled')}</Tag>,
    },
    {
      key: 'description',
      title: t('settingsAdmin.description'),
      dataIndex: 'description',
      render: (v: string) => (
        <span className="yy-cell-ellipsis" title={v}>
          {v}
        </span>
      ),
    },
    {
      key: 'create_time',
      title: t('settingsAdmin.createTime'),
      dataIndex: 'create_time',
      width: 170,
      defaultHidden: true,
    },
    {
      key: 'actions',
      title: t('settingsAdmin.actions'),
      width: 130,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(r)}>
            {t('settingsAdmin.edit')}
          </Button>
          <Popconfirm
            title={t('settingsAdmin.deleteConfirm', { name: pick(r.name, r.name_en) })}
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
      ),
    },
  ];

  const required = (field: string) => ({ required: true, whitespace: true, message: t('common.required', { field }) });

  return (
    <Card title={t('route.manage.settingsReviewManage')}>
      <Form
        className="yy-filter-form"
        layout="inline"
        onFinish={(v: { name?: string; resource_type_id?: string }) =>
          setFilter({
            ...(v.name?.trim() ? { name: { like: v.name.trim() } } : {}),
            ...(v.resource_type_id?.trim() ? { resource_type_id: { eq: v.resource_type_id.trim() } } : {}),
          })
        }
      >
        <Form.Item name="name" label={t('settingsAdmin.review.name')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="resource_type_id" label={t('settingsAdmin.resourceType')}>
          <ResourceTypeInput allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('settingsAdmin.search')}
          </Button>
        </Form.Item>
      </Form>
      <DataTable<ReviewAddress>
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            {t('settingsAdmin.add')}
          </Button>
        }
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('settingsAdmin.review.add') : t('settingsAdmin.review.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('settingsAdmin.review.name')}
            rules={[required(t('settingsAdmin.review.name')), { max: 100 }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="name_en" label={t('settingsAdmin.review.nameEn')} rules={[{ max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('settingsAdmin.review.url')}
            rules={[
              required(t('settingsAdmin.review.url')),
              { pattern: HTTP_URL, message: t('settingsAdmin.review.urlInvalid') },
            ]}
          >
            <Input placeholder="https://" maxLength={2048} inputMode="url" />
          </Form.Item>
          <Form.Item
            name="resource_type_id"
            label={t('settingsAdmin.resourceType')}
            extra={t('settingsAdmin.review.typeHint')}
          >
            <ResourceTypeInput />
          </Form.Item>
          <Form.Item name="description" label={t('settingsAdmin.description')} rules={[{ max: 1000 }]}>
            <Input.TextArea rows={3} maxLength={1000} />
          </Form.Item>
          <Form.Item name="enabled" label={t('settingsAdmin.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
