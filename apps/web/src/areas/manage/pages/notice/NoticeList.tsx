import { App, Button, Card, Form, Grid, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { NOTICE_STATE } from '@yuyue/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteNotice } from '../../../../features/notices/api/deleteNotice.ts';
import { useNoticeAll } from '../../../../features/notices/api/findNoticeAll.ts';
import type { Notice, NoticeFilter } from '../../../../features/notices/api/types.ts';
import { useUpdateNoticeState } from '../../../../features/notices/api/updateNoticeState.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { errorText } from '../../operation-result.ts';
import { NoticeEditor } from './NoticeEditor.tsx';
import { NoticeReads } from './NoticeReads.tsx';

interface Filters {
  title?: string;
  note_category?: string;
  state?: string;
}

const stateColor: Record<number, string> = { 0: 'default', 1: 'success', 2: 'warning' };

function filterOf(f: Filters): NoticeFilter {
  return {
    ...(f.title?.trim() ? { title: { like: f.title.trim() } } : {}),
    ...(f.note_category ? { note_category: { eq: f.note_category } } : {}),
    ...(f.state ? { state: { eq: f.state } } : {}),
  };
}

/**
 * Notice management (`/manage/notice/notice-list`): search, create and edit, publish and
 * withdraw, delete, read counts and read records.
 */
export default function NoticeList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [editing, setEditing] = useState<{ open: boolean; notice: Notice | null }>({ open: false, notice: null });
  const [reading, setReading] = useState<Notice | null>(null);
  const list = useNoticeAll({
    first: page.pageSize,
    offset: (page.current - 1) * page.pageSize,
    filter: filterOf(filters),
  });
  const setState = useUpdateNoticeState();
  const remove = useDeleteNotice();

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(t(done));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: DataTableColumn<Notice>[] = [
    {
      key: 'title',
      title: t('notices.field.title'),
      width: 260,
      render: (_, n) => (
        <Typography.Link onClick={() => setEditing({ open: true, notice: n })}>
          {pick(n.title, n.title_en)}
        </Typography.Link>
      ),
    },
    {
      key: 'note_category',
      title: t('notices.field.category'),
      width: 110,
      render: (_, n) => t(`notices.category.${n.note_category}`, { defaultValue: n.note_category }),
    },
    {
      key: 'state',
      title: t('notices.field.state'),
      width: 90,
      render: (_, n) => (
        <Tag color={stateColor[n.state] ?? 'default'}>
          {t(`notices.state.${n.state}`, { defaultValue: String(n.state) })}
        </Tag>
      ),
    },
    { key: 'release_time', title: t('notices.field.releaseTime'), dataIndex: 'release_time', width: 170 },
    {
      key: 'popup',
      title: t('notices.field.popupMode'),
      label: t('notices.field.popupMode'),
      width: 170,
      render: (_, n) =>
        n.note_category === '2'
          ? `${t(`notices.popupModeShort.${n.popup_mode === '1' ? '1' : '2'}`)}${n.popup_end_date ? ` · ${n.popup_end_date}` : ''}`
          : '—',
    },
    {
      key: 'reads',
      title: t('notices.field.reads'),
      width: 200,
      render: (_, n) => (
        <Typography.Link onClick={() => setReading(n)}>
          {t('notices.message.readCounts', {
            total: n.allTotalReadCounts,
            today: n.allTodayReadCounts,
            readers: n.readerCounts,
          })}
        </Typography.Link>
      ),
    },
    {
      key: 'resource_type_name',
      title: t('notices.field.resourceType'),
      dataIndex: 'resource_type_name',
      width: 140,
      defaultHidden: true,
    },
    { key: 'created_user_name', title: t('notices.field.createdUser'), dataIndex: 'created_user_name', width: 120 },
    {
      key: 'create_time',
      title: t('notices.field.createTime'),
      dataIndex: 'create_time',
      width: 170,
      defaultHidden: true,
    },
    {
      key: 'actions',
      title: t('notices.field.actions'),
      // pinned on wide screens only: on a phone a pinned column would cover the table
      fixed: screens.md ? 'right' : undefined,
      width: 290,
      render: (_, n) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ open: true, notice: n })}>
            {t('notices.action.edit')}
          </Button>
          {n.state === NOTICE_STATE.published ? (
            <Popconfirm
              title={t('notices.message.confirmWithdraw', { title: pick(n.title, n.title_en) })}
              onConfirm={() =>
                run(
                  () => setState.mutateAsync({ id: n.id, state: NOTICE_STATE.withdrawn }),
                  'notices.message.withdrawn',
                )
              }
            >
              <Button type="link" size="small">
                {t('notices.action.withdraw')}
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="link"
              size="small"
              onClick={() =>
                void run(
                  () => setState.mutateAsync({ id: n.id, state: NOTICE_STATE.published }),
                  'notices.message.published',
                )
              }
            >
              {t('notices.action.publish')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setReading(n)}>
            {t('notices.action.reads')}
          </Button>
          <Popconfirm
            title={t('notices.message.confirmDelete', { title: pick(n.title, n.title_en) })}
            okButtonProps={{ danger: true }}
            onConfirm={() => run(() => remove.mutateAsync(n.id), 'notices.message.deleted')}
          >
            <Button type="link" size="small" danger>
              {t('notices.action.delete')}
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
        layout="inline"
        onFinish={(v) => {
          setFilters(v);
          setPage((p) => ({ ...p, current: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 12 }}
      >
        <Form.Item name="title" label={t('notices.field.title')}>
          <Input allowClear placeholder={t('notices.placeholder.title')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="note_category" label={t('notices.field.category')}>
          <Select
            allowClear
            placeholder={t('notices.placeholder.all')}
            style={{ width: 150 }}
            options={['1', '2'].map((v) => ({ value: v, label: t(`notices.category.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="state" label={t('notices.field.state')}>
          <Select
            allowClear
            placeholder={t('notices.placeholder.all')}
            style={{ width: 130 }}
            options={['0', '1', '2'].map((v) => ({ value: v, label: t(`notices.state.${v}`) }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('notices.action.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
                setPage((p) => ({ ...p, current: 1 }));
              }}
            >
              {t('notices.action.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <DataTable<Notice>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={list.data?.edges.map((e) => e.node) ?? []}
        scroll={{ x: 1100 }}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, notice: null })}>
            {t('notices.action.create')}
          </Button>
        }
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: list.data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('notices.total', { total }),
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
      />
      <NoticeEditor
        open={editing.open}
        notice={editing.notice}
        onClose={() => setEditing({ open: false, notice: null })}
      />
      <NoticeReads notice={reading} onClose={() => setReading(null)} />
    </Card>
  );
}
