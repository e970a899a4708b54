import { BarChartOutlined, DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Form, Grid, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EVALUATE_DELETE_MAX,
  useBatchDeleteAppointmentEvaluate,
} from '../../../../features/evaluations-admin/api/batchDeleteAppointmentEvaluate.ts';
import { useDeleteAppointmentEvaluate } from '../../../../features/evaluations-admin/api/deleteAppointmentEvaluate.ts';
import { useAppointmentEvaluateAll } from '../../../../features/evaluations-admin/api/findAppointmentEvaluateAll.ts';
import {
  evaluationCreateTimeOf,
  evaluationFilterOf,
  type EvaluationSearch,
} from '../../../../features/evaluations-admin/listVariables.ts';
import type { Evaluation } from '../../../../features/evaluations-admin/types.ts';
import { useResourcesForPicker } from '../../../../features/occupancy/api/findResourcesAll.ts';
import { useResourcesTypeAll } from '../../../../features/resource-types/api/findResourcesTypeAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { errorText } from '../../operation-result.ts';
import { SearchButtons, usePaging } from '../sign/listParts.tsx';
import { signDate } from '../sign/signText.ts';
import { AveragesDrawer, ResourceAverage } from './Averages.tsx';
import { EvaluateDetail, Score, StateToggle } from './EvaluateDetail.tsx';
import './evaluate.css';

/**
 * Evaluation management (`/manage/evaluate/evaluate-list`): every evaluation with its author,
 * searched by resource type, resource, score, state, anonymity, author, content and the dates
 * written; the detail with pictures; hide and show (hiding confirmed); reply; delete and batch
 * delete (confirmed); the resources' mean scores.
 */
export default function EvaluateList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<EvaluationSearch>();
  const [search, setSearch] = useState<EvaluationSearch>({});
  const [detailId, setDetailId] = useState<string | null>(null);
  const [averagesOpen, setAveragesOpen] = useState(false);
  const types = useResourcesTypeAll();
  const resources = useResourcesForPicker();
  const typeId = Form.useWatch('resources_type_id', form);
  const [selected, setSelected] = useState<string[]>([]);
  const paging = usePaging();
  const list = useAppointmentEvaluateAll({
    ...paging.range,
    filter: evaluationFilterOf(search),
    createTime: evaluationCreateTimeOf(search),
  });
  const rows = list.data?.edges.map((e) => e.node) ?? [];
  const removeOne = useDeleteAppointmentEvaluate();
  const removeMany = useBatchDeleteAppointmentEvaluate();

  const find = (values: EvaluationSearch) => {
    setSearch(values);
    setSelected([]);
    paging.firstPage();
  };

  const deleted = (ids: string[]) => {
    void message.success(t('evaluationsAdmin.message.deleted', { count: ids.length }));
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    if (detailId && ids.includes(detailId)) setDetailId(null);
  };

  const deleteOne = async (id: string) => {
    try {
      await removeOne.mutateAsync(id);
      deleted([id]);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const confirmBatchDelete = () =>
    modal.confirm({
      title: t('evaluationsAdmin.delete.batchTitle'),
      content: t('evaluationsAdmin.delete.batchConfirm', { count: selected.length }),
      okText: t('evaluationsAdmin.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('evaluationsAdmin.action.cancel'),
      onOk: async () => {
        try {
          await removeMany.mutateAsync(selected);
          deleted(selected);
        } catch (err) {
          void message.error(errorText(err));
        }
      },
    });

  const columns: DataTableColumn<Evaluation>[] = [
    {
      key: 'resource',
      title: t('evaluationsAdmin.field.resource'),
      width: 170,
      render: (_, e) => (
        <Typography.Link onClick={() => setDetailId(e.id)}>
          {pick(e.resources_name, e.resources_name_en)}
        </Typography.Link>
      ),
    },
    {
      key: 'booking',
      title: t('evaluationsAdmin.field.booking'),
      width: 190,
      className: 'yy-eval-nowrap',
      render: (_, e) => `${signDate(e.appointment_date)} ${e.start_time}-${e.end_time}`,
    },
    {
      key: 'author',
      title: t('evaluationsAdmin.field.author'),
      width: 160,
      render: (_, e) => (
        <span>
          {e.created_user_name || e.created_user}
          {e.created_user_name ? <Typography.Text type="secondary"> ({e.created_user})</Typography.Text> : null}
          {e.is_anonymous === '1' ? <Tag className="yy-eval-anon">{t('evaluationsAdmin.anonymous.yes')}</Tag> : null}
        </span>
      ),
    },
    {
      key: 'composite_score',
      title: t('evaluationsAdmin.field.composite'),
      width: 150,
      render: (_, e) => <Score value={e.composite_score} label={t('evaluationsAdmin.field.composite')} />,
    },
    {
      key: 'scores',
      title: t('evaluationsAdmin.field.scores'),
      label: t('evaluationsAdmin.field.scores'),
      width: 170,
      defaultHidden: true,
      render: (_, e) =>
        t('evaluationsAdmin.scoresShort', { r: e.resources_score, s: e.system_score, v: e.service_score }),
    },
    {
      key: 'content',
      title: t('evaluationsAdmin.field.content'),
      width: 240,
      ellipsis: true,
      render: (_, e) =>
        e.content ? <span title={e.content}>{e.content}</span> : <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'pictures',
      title: t('evaluationsAdmin.field.pictures'),
      width: 80,
      align: 'center',
      render: (_, e) =>
        e.pictures?.length ? (
          <Typography.Link
            onClick={() => setDetailId(e.id)}
            aria-label={t('evaluationsAdmin.picturesCount', { count: e.pictures.length })}
          >
            <PictureOutlined aria-hidden /> {e.pictures.length}
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'state',
      title: t('evaluationsAdmin.field.state'),
      width: 90,
      render: (_, e) => (
        <Tag color={e.state === '1' ? 'success' : 'default'}>{t(`evaluationsAdmin.state.${e.state}`)}</Tag>
      ),
    },
    {
      key: 'reply',
      title: t('evaluationsAdmin.field.reply'),
      width: 110,
      render: (_, e) =>
        e.reply_content ? (
          <Tag color="blue" title={e.reply_content}>
            {t('evaluationsAdmin.reply.done')}
          </Tag>
        ) : (
          <Tag>{t('evaluationsAdmin.reply.none')}</Tag>
        ),
    },
    { key: 'create_time', title: t('evaluationsAdmin.field.createTime'), dataIndex: 'create_time', width: 170 },
    {
      key: 'actions',
      title: t('evaluationsAdmin.field.actions'),
      fixed: screens.md ? 'right' : undefined,
      width: 220,
      render: (_, e) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetailId(e.id)}>
            {t('evaluationsAdmin.action.viewReply')}
          </Button>
          <StateToggle evaluation={e} size="small" />
          <Popconfirm
            title={t('evaluationsAdmin.delete.title')}
            description={t('evaluationsAdmin.delete.confirm')}
            okText={t('evaluationsAdmin.action.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('evaluationsAdmin.action.cancel')}
            onConfirm={() => deleteOne(e.id)}
          >
            <Button type="link" size="small" danger>
              {t('evaluationsAdmin.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('route.manage.evaluateList')}>
      <Form<EvaluationSearch>
        form={form}
        name="evaluationSearch"
        layout="inline"
        className="yy-eval-filters"
        onFinish={find}
        onValuesChange={(changed) => {
          if ('resources_type_id' in changed) form.setFieldValue('resources_id', undefined);
        }}
      >
        <Form.Item name="resources_type_id" label={t('evaluationsAdmin.field.resourceType')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('evaluationsAdmin.placeholder.all')}
            loading={types.isFetching}
            options={(types.data ?? []).map((ty) => ({
              value: ty.id,
              label: pick(ty.resources_name, ty.resources_name_en),
            }))}
          />
        </Form.Item>
        <Form.Item name="resources_id" label={t('evaluationsAdmin.field.resource')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            placeholder={t('evaluationsAdmin.placeholder.all')}
            loading={resources.isFetching}
            options={(resources.data ?? [])
              .filter((r) => !typeId || r.resources_type_id === typeId)
              .map((r) => ({ value: r.id, label: pick(r.resources_name, r.resources_name_en) }))}
          />
        </Form.Item>
        <Form.Item name="composite_score" label={t('evaluationsAdmin.field.composite')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('evaluationsAdmin.placeholder.all')}
            options={['5', '4', '3', '2', '1'].map((s) => ({
              value: s,
              label: t('evaluationsAdmin.stars', { count: Number(s) }),
            }))}
          />
        </Form.Item>
        <Form.Item name="state" label={t('evaluationsAdmin.field.state')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('evaluationsAdmin.placeholder.all')}
            options={['1', '0'].map((s) => ({ value: s, label: t(`evaluationsAdmin.state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="is_anonymous" label={t('evaluationsAdmin.field.anonymous')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('evaluationsAdmin.placeholder.all')}
            options={['1', '0'].map((s) => ({
              value: s,
              label: t(`evaluationsAdmin.anonymous.${s === '1' ? 'yes' : 'no'}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="author" label={t('evaluationsAdmin.field.author')}>
          <Input
            allowClear
            maxLength={100}
            style={{ width: 150 }}
            placeholder={t('evaluationsAdmin.placeholder.author')}
          />
        </Form.Item>
        <Form.Item name="range" label={t('evaluationsAdmin.field.createRange')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            format="YYYY-MM-DD"
            style={{ width: 250 }}
            placeholder={[t('evaluationsAdmin.placeholder.start'), t('evaluationsAdmin.placeholder.end')]}
          />
        </Form.Item>
        <Form.Item name="content" label={t('evaluationsAdmin.field.content')}>
          <Input
            allowClear
            maxLength={100}
            style={{ width: 180 }}
            placeholder={t('evaluationsAdmin.placeholder.content')}
          />
        </Form.Item>
        <SearchButtons
          searchText={t('evaluationsAdmin.action.search')}
          resetText={t('evaluationsAdmin.action.reset')}
          onReset={() => {
            form.resetFields();
            find({});
          }}
        />
      </Form>
      {search.resources_id ? <ResourceAverage resourcesId={search.resources_id} /> : null}
      <DataTable<Evaluation>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 1500 }}
        locale={{ emptyText: t('evaluationsAdmin.message.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        toolbar={
          <Space wrap>
            {selected.length ? (
              <Typography.Text type="secondary">
                {t('evaluationsAdmin.message.selected', { count: selected.length })}
              </Typography.Text>
            ) : null}
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0 || selected.length > EVALUATE_DELETE_MAX}
              onClick={confirmBatchDelete}
            >
              {t('evaluationsAdmin.action.batchDelete')}
            </Button>
            <Button icon={<BarChartOutlined />} onClick={() => setAveragesOpen(true)}>
              {t('evaluationsAdmin.action.averages')}
            </Button>
          </Space>
        }
        pagination={paging.pagination(list.data?.totalCount, (total) => t('evaluationsAdmin.total', { total }))}
      />
      <EvaluateDetail id={detailId} onClose={() => setDetailId(null)} />
      <AveragesDrawer open={averagesOpen} onClose={() => setAveragesOpen(false)} />
    </Card>
  );
}
