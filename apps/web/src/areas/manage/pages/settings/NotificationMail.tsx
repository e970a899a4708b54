import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Grid,
  Input,
  Popconfirm,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotificationMailAll } from '../../../../features/notifications-admin/api/findNotificationMailAll.ts';
import { useResendNotificationMail } from '../../../../features/notifications-admin/api/resendNotificationMail.ts';
import {
  MAIL_STATUSES,
  mailFilterOf,
  type MailStatus,
  type NotificationMail as Mail,
} from '../../../../features/notifications-admin/types.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { errorText } from '../../operation-result.ts';
import { SearchButtons, usePaging } from '../sign/listParts.tsx';
import './settings-pages.css';

interface Search {
  status?: MailStatus;
  recipient?: string;
}

const STATUS_COLOR: Record<MailStatus, string> = { pending: 'processing', sent: 'success', failed: 'error' };

/**
 * The e-mail outbox (`/manage/settings/notification-mail`, administrators): the notification
 * e-mails with their status, attempts and last error, searched by status and recipient; failed
 * ones are sent again (one or the selected ones, confirmed).
 */
export default function NotificationMail() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [detail, setDetail] = useState<Mail | null>(null);
  const paging = usePaging();
  const list = useNotificationMailAll({ ...paging.range, filter: mailFilterOf(search) });
  const resend = useResendNotificationMail();
  const rows = list.data?.edges.map((e) => e.node) ?? [];

  const find = (values: Search) => {
    setSearch(values);
    setSelected([]);
    paging.firstPage();
  };

  const send = async (ids: string[]) => {
    try {
      await resend.mutateAsync(ids);
      void message.success(t('notificationsAdmin.message.resent', { count: ids.length }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      setDetail(null);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const confirmBatch = () =>
    modal.confirm({
      title: t('notificationsAdmin.resend.title'),
      content: t('notificationsAdmin.resend.confirmMany', { count: selected.length }),
      okText: t('notificationsAdmin.action.resend'),
      cancelText: t('notificationsAdmin.action.cancel'),
      onOk: () => send(selected),
    });

  const resendButton = (m: Mail, small: boolean) => (
    <Popconfirm
      title={t('notificationsAdmin.resend.title')}
      description={t('notificationsAdmin.resend.confirmOne', { recipient: m.recipient })}
      okText={t('notificationsAdmin.action.resend')}
      cancelText={t('notificationsAdmin.action.cancel')}
      onConfirm={() => send([m.id])}
    >
      <Button
        type={small ? 'link' : 'primary'}
        size={small ? 'small' : undefined}
        icon={small ? undefined : <SendOutlined />}
      >
        {t('notificationsAdmin.action.resend')}
      </Button>
    </Popconfirm>
  );

  const columns: DataTableColumn<Mail>[] = [
    { key: 'create_time', title: t('notificationsAdmin.field.createTime'), dataIndex: 'create_time', width: 170 },
    {
      key: 'recipient',
      title: t('notificationsAdmin.field.recipient'),
      dataIndex: 'recipient',
      width: 200,
      ellipsis: true,
    },
    {
      key: 'subject',
      title: t('notificationsAdmin.field.subject'),
      width: 260,
      ellipsis: true,
      render: (_, m) => <Typography.Link onClick={() => setDetail(m)}>{m.subject || '—'}</Typography.Link>,
    },
    {
      key: 'status',
      title: t('notificationsAdmin.field.status'),
      width: 100,
      render: (_, m) => (
        <Tag color={STATUS_COLOR[m.status] ?? 'default'}>
          {t(`notificationsAdmin.status.${m.status}`, { defaultValue: m.status })}
        </Tag>
      ),
    },
    {
      key: 'attempts',
      title: t('notificationsAdmin.field.attempts'),
      dataIndex: 'attempts',
      width: 110,
      align: 'right',
    },
    {
      key: 'last_error',
      title: t('notificationsAdmin.field.lastError'),
      width: 240,
      ellipsis: true,
      render: (_, m) =>
        m.last_error ? (
          <Typography.Text type="danger" title={m.last_error}>
            {m.last_error}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'when',
      title: t('notificationsAdmin.field.when'),
      width: 170,
      render: (_, m) => (m.status === 'sent' ? m.sent_time : m.status === 'pending' ? m.next_attempt_time : '—'),
    },
    {
      key: 'transport',
      title: t('notificationsAdmin.field.transport'),
      width: 100,
      defaultHidden: true,
      render: (_, m) =>
        m.transport ? t(`notificationsAdmin.transport.${m.transport}`, { defaultValue: m.transport }) : '—',
    },
    {
      key: 'actions',
      title: t('notificationsAdmin.field.actions'),
      fixed: screens.md ? 'right' : undefined,
      width: 140,
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetail(m)}>
            {t('notificationsAdmin.action.view')}
          </Button>
          {m.status === 'failed' ? resendButton(m, true) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('notificationsAdmin.title')}>
      <Typography.Paragraph type="secondary">{t('notificationsAdmin.intro')}</Typography.Paragraph>
      <Form<Search> form={form} name="mailSearch" layout="inline" className="yy-filter-form" onFinish={find}>
        <Form.Item name="status" label={t('notificationsAdmin.field.status')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('notificationsAdmin.placeholder.all')}
            options={MAIL_STATUSES.map((s) => ({ value: s, label: t(`notificationsAdmin.status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="recipient"
          label={t('notificationsAdmin.field.recipient')}
          rules={[{ type: 'email', message: t('notificationsAdmin.message.email') }]}
        >
          <Input
            allowClear
            maxLength={254}
            style={{ width: 240 }}
            placeholder={t('notificationsAdmin.placeholder.recipient')}
          />
        </Form.Item>
        <SearchButtons
          searchText={t('notificationsAdmin.action.search')}
          resetText={t('notificationsAdmin.action.reset')}
          onReset={() => {
            form.resetFields();
            find({});
          }}
        />
      </Form>
      <DataTable<Mail>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('notificationsAdmin.message.empty') }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (m) => ({
            disabled: m.status !== 'failed',
            title: m.status === 'failed' ? undefined : t('notificationsAdmin.message.onlyFailed'),
          }),
        }}
        toolbar={
          <Space wrap>
            <Button
              icon={<SendOutlined />}
              disabled={selected.length === 0}
              onClick={confirmBatch}
              loading={resend.isPending}
            >
              {t('notificationsAdmin.action.resendSelected')}
              {selected.length ? ` (${selected.length})` : ''}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching}>
              {t('notificationsAdmin.action.refresh')}
            </Button>
          </Space>
        }
        pagination={paging.pagination(list.data?.totalCount, (total) => t('notificationsAdmin.total', { total }))}
      />
      <Drawer
        open={detail !== null}
        onClose={() => setDetail(null)}
        title={t('notificationsAdmin.detailTitle')}
        size="large"
      >
        {detail ? (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('notificationsAdmin.field.recipient')}>{detail.recipient}</Descriptions.Item>
              <Descriptions.Item label={t('notificationsAdmin.field.subject')}>{detail.subject}</Descriptions.Item>
              <Descriptions.Item label={t('notificationsAdmin.field.status')}>
                <Tag color={STATUS_COLOR[detail.status] ?? 'default'}>
                  {t(`notificationsAdmin.status.${detail.status}`, { defaultValue: detail.status })}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('notificationsAdmin.field.attempts')}>{detail.attempts}</Descriptions.Item>
              <Descriptions.Item label={t('notificationsAdmin.field.createTime')}>
                {detail.create_time}
              </Descriptions.Item>
              <Descriptions.Item label={t('notificationsAdmin.field.nextAttempt')}>
                {detail.status === 'pending' ? detail.next_attempt_time : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('notificationsAdmin.field.sentTime')}>
                {detail.sent_time || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('notificationsAdmin.field.transport')}>
                {detail.transport
                  ? t(`notificationsAdmin.transport.${detail.transport}`, { defaultValue: detail.transport })
                  : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('notificationsAdmin.field.lastError')}>
                {detail.last_error ? <Typography.Text type="danger">{detail.last_error}</Typography.Text> : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('notificationsAdmin.field.body')}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
                  {detail.body}
                </Typography.Paragraph>
              </Descriptions.Item>
            </Descriptions>
            {detail.status === 'failed' ? resendButton(detail, false) : null}
          </Space>
        ) : null}
      </Drawer>
    </Card>
  );
}
