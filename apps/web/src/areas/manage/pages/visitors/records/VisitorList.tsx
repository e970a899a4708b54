import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBatchDeleteVisitorList } from '../../../../../features/visitors-admin/records/batchDeleteVisitorList.ts';
import { useVisitorEntries } from '../../../../../features/visitors-admin/records/findVisitorListEntityList.ts';
import { useVisitorEntrySummary } from '../../../../../features/visitors-admin/records/findVisitorListSummary.ts';
import { useSaveVisitorList } from '../../../../../features/visitors-admin/records/saveVisitorList.ts';
import {
  compactFilter,
  type VisitorEntry,
  type VisitorEntryFilter,
} from '../../../../../features/visitors-admin/records/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { dateRangeFromSearch } from '../../../../../lib/url-dates.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { errorText } from '../../../operation-result.ts';
import { SearchButtons, usePaging } from '../../sign/listParts.tsx';
import { WARN_TAG, dayRange, useAreaOptions, useSheetDownload } from './parts.tsx';
import './records.css';

interface Search {
  range?: [Dayjs | null, Dayjs | null] | null;
  gate?: string;
  source?: string;
  name?: string;
}

export function entryFilterOf(s: Search): VisitorEntryFilter {
  return compactFilter({
    arrive_time: dayRange(s.range),
    arrival_place: { eq: s.gate },
    data_source: { eq: s.source },
    visitor_name: { like: s.name?.trim() },
  });
}

interface EntryValues {
  visitor_name: string;
  arrival_place: string;
  arrive_time?: Dayjs | null;
}

/** The day's figures: entries, people, people on campus now, entries in all. */
function Summary() {
  const { t } = useTranslation();
  const summary = useVisitorEntrySummary(null);
  const s = summary.data;
  if (summary.error) return <Typography.Text type="danger">{errorText(summary.error)}</Typography.Text>;
  return (
    <Card
      size="small"
      className="yy-vrec-summary"
      loading={summary.isLoading}
      title={s ? t('visitorsRecords.entries.summaryDate', { date: s.date }) : undefined}
    >
      <Row gutter={16}>
        <Col span={6}>
          <Statistic title={t('visitorsRecords.entries.onCampus')} value={s?.on_campus ?? 0} />
        </Col>
        <Col span={6}>
          <Statistic title={t('visitorsRecords.entries.today')} value={s?.entries ?? 0} />
        </Col>
        <Col span={6}>
          <Statistic title={t('visitorsRecords.entries.todayPeople')} value={s?.people ?? 0} />
        </Col>
        <Col span={6}>
          <Statistic title={t('visitorsRecords.entries.totalEver')} value={s?.total ?? 0} />
        </Col>
      </Row>
    </Card>
  );
}

/**
 * The campus entry summary (`/manage/visitorManagement/visitorList`): today's figures, the
 * entries recorded at gates by dates, gate, source and name; an entry recorded by hand; delete;
 * export.
 */
export default function VisitorList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Search>();
  const [entryForm] = Form.useForm<EntryValues>();
  const [params] = useSearchParams();
  // Opened with ?from=&to= (the home's "on campus" card: today's entries).
  const [search, setSearch] = useState<Search>(() => {
    const dates = dateRangeFromSearch(params);
    return dates ? { range: [dayjs(dates[0]), dayjs(dates[1])] } : {};
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const paging = usePaging();
  const areas = useAreaOptions();
  const filter = entryFilterOf(search);
  const list = useVisitorEntries({ ...paging.range, filter });
  const save = useSaveVisitorList();
  const remove = useBatchDeleteVisitorList();
  const sheet = useSheetDownload();

  const find = (values: Search) => {
    setSearch(values);
    setSelected([]);
    paging.firstPage();
  };

  const record = async () => {
    const values = await entryForm.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({
        model: {
          visitor_name: values.visitor_name.trim(),
          arrival_place: values.arrival_place,
          arrive_time: values.arrive_time ? values.arrive_time.format('YYYY-MM-DD HH:mm:ss') : '',
        },
      });
      void message.success(t('visitorsRecords.common.saved'));
      setAdding(false);
      entryForm.resetFields();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const deleteIds = async (ids: string[]) => {
    try {
      await remove.mutateAsync({ ids });
      void message.success(t('visitorsRecords.common.deleted', { count: ids.length }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: DataTableColumn<VisitorEntry>[] = [
    { key: 'arrive_time', title: t('visitorsRecords.entries.arriveTime'), dataIndex: 'arrive_time', width: 170 },
    { key: 'visitor', title: t('visitorsRecords.entries.visitor'), dataIndex: 'visitor_name', width: 130 },
    {
      key: 'gate',
      title: t('visitorsRecords.entries.gate'),
      width: 200,
      render: (_, e) => pick(e.arrival_place_name, e.arrival_place_name_en),
    },
    {
      key: 'source',
      title: t('visitorsRecords.entries.source'),
      width: 100,
      render: (_, e) => <Tag>{pick(e.data_source_name, e.data_source_name_en)}</Tag>,
    },
    {
      key: 'repeat',
      title: t('visitorsRecords.entries.repeat'),
      width: 100,
      render: (_, e) => (e.repeat ? <Tag style={WARN_TAG}>{t('visitorsRecords.common.yes')}</Tag> : '—'),
    },
    {
      key: 'recorded_by',
      title: t('visitorsRecords.entries.recordedBy'),
      dataIndex: 'recorded_by',
      width: 140,
      ellipsis: true,
    },
  ];

  return (
    <Card title={t('route.manage.visitorList')} className="yy-vrec">
      <Summary />
      <Form<Search>
        form={form}
        name="visitorEntrySearch"
        layout="inline"
        className="yy-vrec-filters"
        initialValues={search}
        onFinish={find}
      >
        <Form.Item name="range" label={t('visitorsRecords.entries.date')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            format="YYYY-MM-DD"
            style={{ width: 250 }}
            placeholder={[t('visitorsRecords.common.start'), t('visitorsRecords.common.end')]}
          />
        </Form.Item>
        <Form.Item name="gate" label={t('visitorsRecords.entries.gate')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            placeholder={t('visitorsRecords.common.all')}
            loading={areas.loading}
            options={areas.options}
          />
        </Form.Item>
        <Form.Item name="source" label={t('visitorsRecords.entries.source')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('visitorsRecords.common.all')}
            options={['1', '2', '3'].map((s) => ({ value: s, label: t(`visitorsRecords.source.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('visitorsRecords.entries.visitor')}>
          <Input allowClear maxLength={50} style={{ width: 130 }} />
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
      <DataTable<VisitorEntry>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('visitorsRecords.common.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        toolbar={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('visitorsRecords.entries.add')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={sheet.pending}
              onClick={() => sheet.start({ sheet: 'entries', filter })}
            >
              {t('visitorsRecords.common.export')}
            </Button>
            {selected.length ? (
              <>
                <Typography.Text type="secondary">
                  {t('visitorsRecords.common.selected', { count: selected.length })}
                </Typography.Text>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() =>
                    modal.confirm({
                      title: t('visitorsRecords.common.delete'),
                      content: t('visitorsRecords.entries.deleteConfirm', { count: selected.length }),
                      okText: t('visitorsRecords.common.delete'),
                      okButtonProps: { danger: true },
                      cancelText: t('visitorsRecords.common.cancel'),
                      onOk: () => deleteIds(selected),
                    })
                  }
                >
                  {t('visitorsRecords.common.delete')}
                </Button>
              </>
            ) : null}
          </Space>
        }
        pagination={paging.pagination(list.data?.totalCount, (total) => t('visitorsRecords.common.total', { total }))}
      />
      <Modal
        open={adding}
        title={t('visitorsRecords.entries.addTitle')}
        onCancel={() => setAdding(false)}
        onOk={() => void record()}
        okText={t('visitorsRecords.common.save')}
        cancelText={t('visitorsRecords.common.cancel')}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form<EntryValues> form={entryForm} layout="vertical" name="visitorEntry">
          <Form.Item
            name="visitor_name"
            label={t('visitorsRecords.entries.visitor')}
            rules={[{ required: true, whitespace: true, message: t('visitorsRecords.entries.nameRequired') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="arrival_place"
            label={t('visitorsRecords.entries.gate')}
            rules={[{ required: true, message: t('visitorsRecords.entries.placeRequired') }]}
          >
            <Select options={areas.options} loading={areas.loading} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          <Form.Item
            name="arrive_time"
            label={t('visitorsRecords.entries.arriveTime')}
            extra={t('visitorsRecords.entries.arriveNow')}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
