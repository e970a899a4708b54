import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFileName, saveFile, workbookOf } from '../../../../../features/appointments-admin/export.ts';
import { useBatchDeleteVisitorLongTermEntity } from '../../../../../features/visitors-admin/people/batchDeleteVisitorLongTermEntity.ts';
import {
  findVisitorLongTermEntityList,
  useLongTermVisitors,
} from '../../../../../features/visitors-admin/people/findVisitorLongTermEntityList.ts';
import type { LongTermVisitor, LongTermVisitorFilter } from '../../../../../features/visitors-admin/people/types.ts';
import { useUpdateVisitorLongTermListState } from '../../../../../features/visitors-admin/people/updateVisitorLongTermListState.ts';
import { currentLanguage } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { errorText } from '../../../operation-result.ts';
import { SearchButtons, usePaging } from '../../sign/listParts.tsx';
import { LongTermForm } from './LongTermForm.tsx';
import { areasText, useAreaOptions, useWeekdaysText, validityOf } from './longTermParts.tsx';
import './people.css';

interface Search {
  user_name?: string;
  person_type?: string;
  is_enable?: string;
  validity?: string;
}

/** The list's filter map from the search form (empty values left out). */
export function longTermFilterOf(s: Search): LongTermVisitorFilter {
  const f: LongTermVisitorFilter = {};
  if (s.user_name?.trim()) f.user_name = { like: s.user_name.trim() };
  if (s.person_type?.trim()) f.person_type = { eq: s.person_type.trim() };
  if (s.is_enable) f.is_enable = { eq: s.is_enable };
  if (s.validity) f.validity = { eq: s.validity };
  return f;
}

const VALIDITY_COLOR = { current: 'success', future: 'processing', expired: 'default' } as const;
const EXPORT_PAGE = 200;
const EXPORT_MAX = 10_000;

/**
 * Long-term visitors (`/manage/visitorManagement/longTermVisitor`): search by name, person type,
 * state and validity; add and edit (areas, dates, weekdays, hours; phone sealed, shown masked);
 * enable, disable and delete one or several (their passes revoked); export what the search finds.
 */
export default function LongTermVisitorPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<LongTermVisitor | 'new' | null>(null);
  const [exporting, setExporting] = useState(false);
  const paging = usePaging();
  const filter = longTermFilterOf(search);
  const list = useLongTermVisitors({ ...paging.range, filter });
  const rows = list.data?.rows ?? [];
  const state = useUpdateVisitorLongTermListState();
  const remove = useBatchDeleteVisitorLongTermEntity();
  const areas = useAreaOptions();
  const weekdaysText = useWeekdaysText();
  const today = dayjs().format('YYYY-MM-DD');
  const allAreas = t('visitorsPeople.allAreas');
  const separator = currentLanguage() === 'en' ? ', ' : '、';

  const find = (values: Search) => {
    setSearch(values);
    setSelected([]);
    paging.firstPage();
  };

  const setEnable = async (ids: string[], isEnable: number) => {
    try {
      await state.mutateAsync({ ids, is_enable: isEnable });
      void message.success(
        t(isEnable ? 'visitorsPeople.common.enabled' : 'visitorsPeople.common.disabled', { count: ids.length }),
      );
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const deleteIds = async (ids: string[]) => {
    try {
      await remove.mutateAsync({ ids });
      void message.success(t('visitorsPeople.common.deleted', { count: ids.length }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      if (rows.length <= ids.length) paging.previousPage();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const confirmBatchDelete = () =>
    modal.confirm({
      title: t('visitorsPeople.longTerm.deleteTitle'),
      content: t('visitorsPeople.longTerm.deleteConfirm', { count: selected.length }),
      okText: t('visitorsPeople.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('visitorsPeople.common.cancel'),
      onOk: () => deleteIds(selected),
    });

  const exportAll = async () => {
    setExporting(true);
    try {
      const found: LongTermVisitor[] = [];
      for (;;) {
        const page = await findVisitorLongTermEntityList({ first: EXPORT_PAGE, offset: found.length, filter });
        found.push(...page.rows);
        if (page.rows.length < EXPORT_PAGE || found.length >= page.totalCount || found.length >= EXPORT_MAX) break;
      }
      if (!found.length) {
        void message.info(t('visitorsPeople.common.exportEmpty'));
        return;
      }
      const title = t('visitorsPeople.longTerm.exportTitle');
      const f = (k: string) => t(`visitorsPeople.field.${k}`);
      saveFile(
        exportFileName(title, new Date()),
        await workbookOf<LongTermVisitor>(
          title,
          [
            { header: f('user_name'), width: 14, value: (r) => r.user_name },
            { header: f('person_type'), width: 14, value: (r) => r.person_type },
            { header: f('dept'), width: 20, value: (r) => r.dept },
            { header: f('user_id'), width: 14, value: (r) => r.user_id },
            { header: f('phone'), width: 14, value: (r) => r.phone },
            {
              header: f('permission'),
              width: 30,
              value: (r) => areasText(r.permission, areas.names, allAreas, separator),
            },
            { header: f('valid_from'), width: 12, value: (r) => r.valid_from },
            { header: f('valid_to'), width: 12, value: (r) => r.valid_to },
            { header: f('weekdays'), width: 20, value: (r) => weekdaysText(r.weekdays) },
            { header: f('hours'), width: 14, value: (r) => `${r.start_time}-${r.end_time}` },
            { header: f('is_enable'), width: 8, value: (r) => t(`visitorsPeople.state.${r.is_enable}`) },
          ],
          found,
        ),
      );
      void message.success(t('visitorsPeople.common.exported', { count: found.length }));
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const columns: DataTableColumn<LongTermVisitor>[] = [
    { key: 'user_name', title: t('visitorsPeople.field.user_name'), dataIndex: 'user_name', width: 90 },
    { key: 'person_type', title: t('visitorsPeople.field.person_type'), dataIndex: 'person_type', width: 90 },
    {
      key: 'dept',
      title: t('visitorsPeople.field.dept'),
      dataIndex: 'dept',
      width: 140,
      ellipsis: true,
      defaultHidden: true,
    },
    { key: 'phone', title: t('visitorsPeople.field.phone'), dataIndex: 'phone', width: 112, className: 'yy-lt-nowrap' },
    {
      key: 'permission',
      title: t('visitorsPeople.field.permission'),
      width: 110,
      render: (_, r) => areasText(r.permission, areas.names, allAreas, separator),
    },
    {
      key: 'validity',
      title: t('visitorsPeople.field.validity'),
      width: 105,
      render: (_, r) => {
        const v = validityOf(r, today);
        return (
          <div className="yy-lt-stack">
            <span>{r.valid_from}</span>
            <span>~ {r.valid_to}</span>
            <Tag color={VALIDITY_COLOR[v]}>{t(`visitorsPeople.validity.${v}`)}</Tag>
          </div>
        );
      },
    },
    {
      key: 'schedule',
      title: t('visitorsPeople.field.hours'),
      width: 105,
      render: (_, r) => (
        <div className="yy-lt-stack">
          <span>{weekdaysText(r.weekdays)}</span>
          <span>
            {r.start_time}-{r.end_time}
          </span>
        </div>
      ),
    },
    {
      key: 'is_enable',
      title: t('visitorsPeople.field.is_enable'),
      width: 80,
      render: (_, r) => (
        <Tag color={r.is_enable === 1 ? 'success' : 'default'}>{t(`visitorsPeople.state.${r.is_enable}`)}</Tag>
      ),
    },
    { key: 'user_id', title: t('visitorsPeople.field.user_id'), dataIndex: 'user_id', width: 110, defaultHidden: true },
    {
      key: 'actions',
      title: t('visitorsPeople.common.actions'),
      fixed: 'right',
      width: 170,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {t('visitorsPeople.common.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => void setEnable([r.id], r.is_enable === 1 ? 0 : 1)}>
            {r.is_enable === 1 ? t('visitorsPeople.common.disable') : t('visitorsPeople.common.enable')}
          </Button>
          <Popconfirm
            title={t('visitorsPeople.longTerm.deleteTitle')}
            description={t('visitorsPeople.longTerm.deleteOne', { name: r.user_name })}
            okText={t('visitorsPeople.common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('visitorsPeople.common.cancel')}
            onConfirm={() => deleteIds([r.id])}
          >
            <Button type="link" size="small" danger>
              {t('visitorsPeople.common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('route.manage.longTermVisitor')}>
      <Form<Search> form={form} name="longTermSearch" layout="inline" className="yy-filter-form" onFinish={find}>
        <Form.Item name="user_name" label={t('visitorsPeople.field.user_name')}>
          <Input allowClear maxLength={50} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="person_type" label={t('visitorsPeople.field.person_type')}>
          <Input allowClear maxLength={100} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="is_enable" label={t('visitorsPeople.field.is_enable')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('visitorsPeople.common.all')}
            options={['1', '0'].map((s) => ({ value: s, label: t(`visitorsPeople.state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="validity" label={t('visitorsPeople.field.validity')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('visitorsPeople.common.all')}
            options={(['current', 'future', 'expired'] as const).map((s) => ({
              value: s,
              label: t(`visitorsPeople.validity.${s}`),
            }))}
          />
        </Form.Item>
        <SearchButtons
          searchText={t('visitorsPeople.common.search')}
          resetText={t('visitorsPeople.common.reset')}
          onReset={() => {
            form.resetFields();
            find({});
          }}
        />
      </Form>
      <DataTable<LongTermVisitor>
        rowKey="id"
        showIndex={false}
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('visitorsPeople.common.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        toolbar={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('visitorsPeople.common.add')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll()}>
              {t('visitorsPeople.common.export')}
            </Button>
            {selected.length ? (
              <>
                <Typography.Text type="secondary">
                  {t('visitorsPeople.common.selected', { count: selected.length })}
                </Typography.Text>
                <Button onClick={() => void setEnable(selected, 1)}>{t('visitorsPeople.common.enable')}</Button>
                <Button onClick={() => void setEnable(selected, 0)}>{t('visitorsPeople.common.disable')}</Button>
                <Button danger icon={<DeleteOutlined />} onClick={confirmBatchDelete}>
                  {t('visitorsPeople.common.delete')}
                </Button>
              </>
            ) : null}
          </Space>
        }
        pagination={paging.pagination(list.data?.totalCount, (total) => t('visitorsPeople.common.total', { total }))}
      />
      <LongTermForm editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
