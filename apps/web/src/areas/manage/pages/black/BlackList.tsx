import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Grid, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteBlackList } from '../../../../features/blacklist/api/deleteBlackList.ts';
import { useBlackListAll } from '../../../../features/blacklist/api/findBlackListAll.ts';
import { blackListFilterOf, type BlackListSearch } from '../../../../features/blacklist/rules.ts';
import type { BanState, BlackListEntry } from '../../../../features/blacklist/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { errorText } from '../../operation-result.ts';
import { SearchButtons, usePaging } from '../sign/listParts.tsx';
import { BlackAddDialog } from './BlackAddDialog.tsx';
import { PardonDialog } from './PardonDialog.tsx';
import './black.css';

const BAN_COLOR: Record<BanState, string> = { '1': 'error', '2': 'success', '3': 'default' };

/**
 * The blacklist (`/manage/black/black-list`): entries made by the no-show rule or by
 * administrators, searched by user, source and standing; add an entry, pardon a ban in force
 * (with a reason) and remove an entry, each confirmed.
 */
export default function BlackList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<BlackListSearch>();
  const [search, setSearch] = useState<BlackListSearch>({});
  const [adding, setAdding] = useState(false);
  const [pardoning, setPardoning] = useState<BlackListEntry | null>(null);
  const paging = usePaging();
  const list = useBlackListAll({ ...paging.range, filter: blackListFilterOf(search) });
  const remove = useDeleteBlackList();
  const rows = list.data?.edges.map((e) => e.node) ?? [];

  const find = (values: BlackListSearch) => {
    setSearch(values);
    paging.firstPage();
  };

  const removeEntry = async (entry: BlackListEntry) => {
    try {
      await remove.mutateAsync(entry.id);
      void message.success(t('blacklist.message.removed', { account: entry.user_account }));
      if (rows.length <= 1) paging.previousPage();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: DataTableColumn<BlackListEntry>[] = [
    {
      key: 'user',
      title: t('blacklist.field.user'),
      width: 160,
      render: (_, e) => (
        <span>
          {e.user_name || e.user_account}
          {e.user_name ? <Typography.Text type="secondary"> ({e.user_account})</Typography.Text> : null}
        </span>
      ),
    },
    {
      key: 'ban_state',
      title: t('blacklist.field.banState'),
      width: 100,
      render: (_, e) => <Tag color={BAN_COLOR[e.ban_state] ?? 'default'}>{t(`blacklist.banState.${e.ban_state}`)}</Tag>,
    },
    {
      key: 'reason',
      title: t('blacklist.field.reason'),
      width: 200,
      ellipsis: true,
      render: (_, e) => pick(e.reason, e.reason_en),
    },
    {
      key: 'source',
      title: t('blacklist.field.source'),
      width: 130,
      render: (_, e) =>
        e.source === '1' ? (
          <Tag color="orange">{t('blacklist.source.rule', { count: e.no_show_count ?? 0 })}</Tag>
        ) : (
          <Tag color="blue">{t('blacklist.source.admin')}</Tag>
        ),
    },
    { key: 'end_time', title: t('blacklist.field.end'), dataIndex: 'end_time', width: 170 },
    {
      key: 'start_time',
      title: t('blacklist.field.start'),
      dataIndex: 'start_time',
      width: 170,
      defaultHidden: true,
    },
    {
      key: 'pardon',
      title: t('blacklist.field.pardon'),
      width: 200,
      render: (_, e) =>
        e.state === '2' ? (
          <span className="yy-black-pardon">
            <span>{e.pardon_reason}</span>
            <Typography.Text type="secondary">
              {e.pardon_user_name || e.pardon_user} · {e.pardon_time}
            </Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'created_user',
      title: t('blacklist.field.createdBy'),
      width: 120,
      render: (_, e) => (e.source === '1' ? t('blacklist.source.system') : e.created_user_name || e.created_user),
    },
    {
      key: 'create_time',
      title: t('blacklist.field.createTime'),
      dataIndex: 'create_time',
      width: 170,
      defaultHidden: true,
    },
    {
      key: 'actions',
      title: t('blacklist.field.actions'),
      fixed: screens.md ? 'right' : undefined,
      width: 150,
      render: (_, e) => (
        <Space size={0}>
          {e.ban_state === '1' ? (
            <Button type="link" size="small" onClick={() => setPardoning(e)}>
              {t('blacklist.action.pardon')}
            </Button>
          ) : null}
          <Popconfirm
            title={t('blacklist.remove.title')}
            description={t(e.ban_state === '1' ? 'blacklist.remove.confirmInForce' : 'blacklist.remove.confirm', {
              account: e.user_account,
            })}
            okText={t('blacklist.action.remove')}
            okButtonProps={{ danger: true }}
            cancelText={t('blacklist.action.cancel')}
            onConfirm={() => removeEntry(e)}
          >
            <Button type="link" size="small" danger>
              {t('blacklist.action.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('route.manage.blackList')}>
      <Form<BlackListSearch>
        form={form}
        name="blackSearch"
        layout="inline"
        className="yy-black-filters"
        onFinish={find}
      >
        <Form.Item name="keyword" label={t('blacklist.field.user')}>
          <Input allowClear maxLength={100} style={{ width: 180 }} placeholder={t('blacklist.placeholder.keyword')} />
        </Form.Item>
        <Form.Item name="source" label={t('blacklist.field.source')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('blacklist.placeholder.all')}
            options={[
              { value: '1', label: t('blacklist.source.ruleShort') },
              { value: '2', label: t('blacklist.source.admin') },
            ]}
          />
        </Form.Item>
        <Form.Item name="ban_state" label={t('blacklist.field.banState')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('blacklist.placeholder.all')}
            options={(['1', '2', '3'] as const).map((s) => ({ value: s, label: t(`blacklist.banState.${s}`) }))}
          />
        </Form.Item>
        <SearchButtons
          searchText={t('blacklist.action.search')}
          resetText={t('blacklist.action.reset')}
          onReset={() => {
            form.resetFields();
            find({});
          }}
        />
      </Form>
      <DataTable<BlackListEntry>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('blacklist.message.empty') }}
        toolbar={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('blacklist.action.add')}
            </Button>
            <Button icon={<SettingOutlined />} onClick={() => navigate('/manage/black/black-settings')}>
              {t('route.manage.blackSettings')}
            </Button>
          </Space>
        }
        pagination={paging.pagination(list.data?.totalCount, (total) => t('blacklist.total', { total }))}
      />
      <BlackAddDialog open={adding} onClose={() => setAdding(false)} />
      <PardonDialog entry={pardoning} onClose={() => setPardoning(null)} />
    </Card>
  );
}
