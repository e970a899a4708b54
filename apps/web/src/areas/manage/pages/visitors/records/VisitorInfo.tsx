import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Form, Input, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBatchDeleteVisitorInfo } from '../../../../../features/visitors-admin/records/batchDeleteVisitorInfo.ts';
import { useBatchUpdateVisitorInfo } from '../../../../../features/visitors-admin/records/batchUpdateVisitorInfo.ts';
import { useVisitorRecords } from '../../../../../features/visitors-admin/records/findVisitorRegistrationEntityList.ts';
import {
  compactFilter,
  type VisitorRecord,
  type VisitorRecordFilter,
} from '../../../../../features/visitors-admin/records/types.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { errorText } from '../../../operation-result.ts';
import { SearchButtons, usePaging } from '../../sign/listParts.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { OK_TAG, dayRange, useSheetDownload } from './parts.tsx';
import { VisitorFormDialog } from './VisitorFormDialog.tsx';
import './records.css';

interface Search {
  visitor_name?: string;
  phone?: string;
  card_number?: string;
  unit?: string;
  person_type?: string;
  data_source?: string;
  is_valid?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The list's filter map from the search form. */
export function recordFilterOf(s: Search): VisitorRecordFilter {
  return compactFilter({
    visitor_name: { like: s.visitor_name?.trim() },
    phone: { eq: s.phone?.trim() },
    card_number: { eq: s.card_number?.trim() },
    unit: { like: s.unit?.trim() },
    person_type: { eq: s.person_type?.trim() },
    data_source: { eq: s.data_source },
    is_valid: { eq: s.is_valid },
    create_time: dayRange(s.range),
  });
}

const FUTURE_VISITS = /未来来访|future visits/;

/**
 * Visitor records (`/manage/visitorManagement/visitorInfo`): search by name, whole phone or ID
 * number, unit, person type, source, state and registration dates; numbers masked unless shown
 * whole (logged); add and edit; set valid or invalid and the person type of several; delete
 * (confirmed; visits ahead cancelled only when confirmed again); import from Excel; export.
 */
export default function VisitorInfo() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [whole, setWhole] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<VisitorRecord | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [personType, setPersonType] = useState('');
  const paging = usePaging();
  const filter = recordFilterOf(search);
  const list = useVisitorRecords({ ...paging.range, filter, whole });
  const rows = list.data?.rows ?? [];
  const update = useBatchUpdateVisitorInfo();
  const remove = useBatchDeleteVisitorInfo();
  const sheet = useSheetDownload();

  const find = (values: Search) => {
    setSearch(values);
    setSelected([]);
    paging.firstPage();
  };

  const setState = async (ids: string[], patch: { is_valid?: number; person_type?: string }) => {
    try {
      await update.mutateAsync({ ids, ...patch });
      void message.success(t('visitorsRecords.common.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const deleteIds = async (ids: string[]) => {
    try {
      await remove.mutateAsync({ ids, cancelVisits: false });
    } catch (err) {
      const reason = errorText(err);
      if (!FUTURE_VISITS.test(reason)) {
        void message.error(reason);
        return;
      }
      const confirmed = await modal.confirm({
        title: t('visitorsRecords.info.futureVisitsTitle'),
        content: t('visitorsRecords.info.futureVisitsConfirm', { reason }),
        okText: t('visitorsRecords.info.cancelAndDelete'),
        okButtonProps: { danger: true },
        cancelText: t('visitorsRecords.common.cancel'),
      });
      if (!confirmed) return;
      try {
        await remove.mutateAsync({ ids, cancelVisits: true });
      } catch (again) {
        void message.error(errorText(again));
        return;
      }
    }
    void message.success(t('visitorsRecords.common.deleted', { count: ids.length }));
    setSelected((s) => s.filter((id) => !ids.includes(id)));
  };

  const confirmBatchDelete = () =>
    modal.confirm({
      title: t('visitorsRecords.info.deleteTitle'),
      content: t('visitorsRecords.info.deleteConfirm', { count: selected.length }),
      okText: t('visitorsRecords.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('visitorsRecords.common.cancel'),
      onOk: () => deleteIds(selected),
    });

  const columns: DataTableColumn<VisitorRecord>[] = [
    { key: 'visitor_name', title: t('visitorsRecords.field.visitor_name'), dataIndex: 'visitor_name', width: 120 },
    {
      key: 'phone',
      title: t('visitorsRecords.field.phone'),
      dataIndex: 'phone',
      width: 130,
      className: 'yy-vrec-nowrap',
    },
    {
      key: 'card',
      title: t('visitorsRecords.field.card_number'),
      width: 220,
      render: (_, r) =>
        r.card_number ? (
          <span className="yy-vrec-nowrap">
            {r.card_number}
            <Typography.Text type="secondary">
              {' '}
              {t(`visitorsRecords.cardType.${r.card_type}`, { defaultValue: '' })}
            </Typography.Text>
          </span>
        ) : (
          '—'
        ),
    },
    { key: 'unit', title: t('visitorsRecords.field.unit'), dataIndex: 'unit', width: 160, ellipsis: true },
    { key: 'person_type', title: t('visitorsRecords.field.person_type'), dataIndex: 'person_type', width: 110 },
    { key: 'gender', title: t('visitorsRecords.field.gender'), dataIndex: 'gender', width: 70, defaultHidden: true },
    { key: 'email', title: t('visitorsRecords.field.email'), dataIndex: 'email', width: 180, defaultHidden: true },
    {
      key: 'car',
      title: t('visitorsRecords.field.car_card_number'),
      width: 110,
      render: (_, r) => (r.is_car ? r.car_card_number || t('visitorsRecords.common.yes') : '—'),
    },
    {
      key: 'is_valid',
      title: t('visitorsRecords.field.is_valid'),
      width: 80,
      render: (_, r) => (
        <Tag style={r.is_valid === 1 ? OK_TAG : undefined}>{t(`visitorsRecords.valid.${r.is_valid}`)}</Tag>
      ),
    },
    {
      key: 'data_source',
      title: t('visitorsRecords.field.data_source'),
      width: 90,
      render: (_, r) => t(`visitorsRecords.source.${r.data_source}`, { defaultValue: String(r.data_source) }),
    },
    { key: 'create_time', title: t('visitorsRecords.field.create_time'), dataIndex: 'create_time', width: 170 },
    {
      key: 'actions',
      title: t('visitorsRecords.common.actions'),
      fixed: 'right',
      width: 190,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {t('visitorsRecords.common.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => void setState([r.id], { is_valid: r.is_valid === 1 ? 0 : 1 })}
          >
            {r.is_valid === 1 ? t('visitorsRecords.info.batchInvalid') : t('visitorsRecords.info.batchValid')}
          </Button>
          <Popconfirm
            title={t('visitorsRecords.info.deleteTitle')}
            description={t('visitorsRecords.info.deleteOne', { name: r.visitor_name })}
            okText={t('visitorsRecords.common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('visitorsRecords.common.cancel')}
            onConfirm={() => deleteIds([r.id])}
          >
            <Button type="link" size="small" danger>
              {t('visitorsRecords.common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('route.manage.visitorInfo')} className="yy-vrec">
      <Form<Search> form={form} name="visitorRecordSearch" layout="inline" className="yy-vrec-filters" onFinish={find}>
        <Form.Item name="visitor_name" label={t('visitorsRecords.field.visitor_name')}>
          <Input allowClear maxLength={50} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="phone" label={t('visitorsRecords.field.phone')} tooltip={t('visitorsRecords.info.phoneHint')}>
          <Input allowClear maxLength={20} style={{ width: 150 }} inputMode="tel" />
        </Form.Item>
        <Form.Item
          name="card_number"
          label={t('visitorsRecords.field.card_number')}
          tooltip={t('visitorsRecords.info.cardHint')}
        >
          <Input allowClear maxLength={40} style={{ width: 190 }} />
        </Form.Item>
        <Form.Item name="unit" label={t('visitorsRecords.field.unit')}>
          <Input allowClear maxLength={100} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="person_type" label={t('visitorsRecords.field.person_type')}>
          <Input allowClear maxLength={50} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="data_source" label={t('visitorsRecords.field.data_source')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('visitorsRecords.common.all')}
            options={['1', '2', '3'].map((s) => ({ value: s, label: t(`visitorsRecords.source.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="is_valid" label={t('visitorsRecords.field.is_valid')}>
          <Select
            allowClear
            style={{ width: 100 }}
            placeholder={t('visitorsRecords.common.all')}
            options={['1', '0'].map((s) => ({ value: s, label: t(`visitorsRecords.valid.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('visitorsRecords.field.createRange')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            format="YYYY-MM-DD"
            style={{ width: 250 }}
            placeholder={[t('visitorsRecords.common.start'), t('visitorsRecords.common.end')]}
          />
        </Form.Item>
        <SearchButtons
          searchText={t('visitorsRecords.common.search')}
          resetText={t('visitorsRecords.common.reset')}
          onReset={() => {
            form.resetFields();
            find({});
          }}
        />
      </Form>
      <DataTable<VisitorRecord>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 1500 }}
        locale={{ emptyText: t('visitorsRecords.common.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        toolbar={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('visitorsRecords.common.add')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('visitorsRecords.info.import')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={sheet.pending}
              onClick={() => sheet.start({ sheet: 'records', filter, whole })}
            >
              {whole ? t('visitorsRecords.common.exportWhole') : t('visitorsRecords.common.export')}
            </Button>
            <Space size={4}>
              <Switch checked={whole} onChange={setWhole} aria-label={t('visitorsRecords.info.showWhole')} />
              <Typography.Text title={t('visitorsRecords.info.wholeNote')}>
                {t('visitorsRecords.info.showWhole')}
              </Typography.Text>
            </Space>
            {selected.length ? (
              <>
                <Typography.Text type="secondary">
                  {t('visitorsRecords.common.selected', { count: selected.length })}
                </Typography.Text>
                <Button onClick={() => void setState(selected, { is_valid: 1 })}>
                  {t('visitorsRecords.info.batchValid')}
                </Button>
                <Button onClick={() => void setState(selected, { is_valid: 0 })}>
                  {t('visitorsRecords.info.batchInvalid')}
                </Button>
                <Space.Compact>
                  <Input
                    style={{ width: 130 }}
                    maxLength={50}
                    value={personType}
                    onChange={(e) => setPersonType(e.target.value)}
                    placeholder={t('visitorsRecords.info.personTypePrompt')}
                    aria-label={t('visitorsRecords.info.personTypePrompt')}
                  />
                  <Button
                    disabled={!personType.trim()}
                    onClick={() => void setState(selected, { person_type: personType.trim() })}
                  >
                    {t('visitorsRecords.info.batchPersonType')}
                  </Button>
                </Space.Compact>
                <Button danger icon={<DeleteOutlined />} onClick={confirmBatchDelete}>
                  {t('visitorsRecords.info.batchDelete')}
                </Button>
              </>
            ) : null}
          </Space>
        }
        pagination={paging.pagination(list.data?.totalCount, (total) => t('visitorsRecords.common.total', { total }))}
      />
      {whole ? <Typography.Text type="secondary">{t('visitorsRecords.info.wholeNote')}</Typography.Text> : null}
      <VisitorFormDialog record={editing} onClose={() => setEditing(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
