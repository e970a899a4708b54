import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAddWhitelistAddress, useDeleteWhitelistAddress, useWhitelist } from '../../../../features/meetings/api.ts';
import type { WhitelistEntry } from '../../../../features/meetings/types.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { errorText } from '../../operation-result.ts';
import './cloudMeeting.css';

interface AddForm {
  address: string;
  description?: string;
}

/**
 * The IP whitelist of the meeting service's callbacks (`/manage/cloudMeeting/IPwhiteList`):
 * single IPv4/IPv6 addresses and CIDR blocks (checked by the server); add one, remove one
 * (confirmed). An empty list refuses every callback, which the page says.
 */
export default function IpWhiteList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddForm>();
  const list = useWhitelist();
  const add = useAddWhitelistAddress();
  const remove = useDeleteWhitelistAddress();
  const w = (key: string, options?: Record<string, unknown>) => t(`meetings.whitelist.${key}`, options);
  const rows = list.data ?? [];

  const submit = async (v: AddForm) => {
    try {
      await add.mutateAsync({ address: v.address.trim(), description: v.description?.trim() ?? '' });
      void message.success(w('added', { address: v.address.trim() }));
      form.resetFields();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const drop = async (e: WhitelistEntry) => {
    try {
      await remove.mutateAsync(e.id);
      void message.success(w('removed', { address: e.address }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: DataTableColumn<WhitelistEntry>[] = [
    { key: 'address', title: w('address'), dataIndex: 'address', width: 220 },
    { key: 'description', title: w('description'), dataIndex: 'description', width: 240 },
    { key: 'created_by', title: w('createdBy'), dataIndex: 'created_by', width: 120 },
    {
      key: 'create_time',
      title: w('createTime'),
      width: 170,
      render: (_, e) => dayjs(e.create_time).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      key: 'actions',
      title: t('meetings.field.actions'),
      width: 100,
      render: (_, e) => (
        <Popconfirm
          title={w('remove')}
          description={w('removeConfirm', { address: e.address })}
          okText={w('remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('meetings.action.keep')}
          onConfirm={() => drop(e)}
        >
          <Button type="link" size="small" danger>
            {w('remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card title={w('title')}>
      <Alert type="info" showIcon title={w('hint')} style={{ marginBottom: 16 }} />
      {list.isSuccess && !rows.length ? (
        <Alert type="warning" showIcon title={w('empty')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<AddForm> form={form} name="whitelistAdd" layout="inline" className="yy-meeting-filters" onFinish={submit}>
        <Form.Item
          name="address"
          label={w('address')}
          rules={[{ required: true, whitespace: true, message: w('required') }]}
        >
          <Input maxLength={60} style={{ width: 320 }} placeholder={w('addressPlaceholder')} />
        </Form.Item>
        <Form.Item name="description" label={w('description')}>
          <Input maxLength={200} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
              {w('add')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <DataTable<WhitelistEntry>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 800 }}
        pagination={false}
      />
    </Card>
  );
}
