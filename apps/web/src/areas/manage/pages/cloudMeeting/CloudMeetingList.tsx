import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Form, Input, Popconfirm, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  exportFileName,
  saveFile,
  workbookOf,
  type ExportColumn,
} from '../../../../features/appointments-admin/export.ts';
import { useResourcesForPicker } from '../../../../features/occupancy/api/findResourcesAll.ts';
import {
  allCloudMeetings,
  useCancelCloudMeeting,
  useCloudMeetings,
  useRetryCloudMeeting,
} from '../../../../features/meetings/api.ts';
import { meetingActions, meetingFilterOf } from '../../../../features/meetings/rules.ts';
import {
  MEETING_PROVIDERS,
  MEETING_STATES,
  type CloudMeeting,
  type CloudMeetingSearch,
} from '../../../../features/meetings/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { errorText } from '../../operation-result.ts';
import { SearchButtons, usePaging } from '../sign/listParts.tsx';
import { MeetingStateTag } from './MeetingStateTag.tsx';
import './cloudMeeting.css';

const DATE = 'YYYY-MM-DD';

interface SearchForm {
  range?: [Dayjs | null, Dayjs | null] | null;
  resources_id?: string;
  host?: string;
  provider?: string;
  state?: string;
}

function searchOf(v: SearchForm): CloudMeetingSearch {
  return {
    dates: v.range ? [v.range[0]?.format(DATE) ?? '', v.range[1]?.format(DATE) ?? ''] : null,
    resources_id: v.resources_id,
    host: v.host,
    provider: v.provider,
    state: v.state,
  };
}

/**
 * Online meetings (`/manage/cloudMeeting/cloudMeeting-list`): every booking's meeting with its
 * booking, resource, booker, time, service and state, searched by dates, resource, booker,
 * service and state; export what the search finds; retry a failed meeting, cancel one.
 */
export default function CloudMeetingList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SearchForm>();
  const [search, setSearch] = useState<CloudMeetingSearch>({});
  const [exporting, setExporting] = useState(false);
  const paging = usePaging();
  const filter = meetingFilterOf(search);
  const list = useCloudMeetings({ ...paging.range, filter });
  const resources = useResourcesForPicker();
  const retry = useRetryCloudMeeting();
  const cancel = useCancelCloudMeeting();
  const rows = list.data?.edges.map((e) => e.node) ?? [];
  const f = (key: string) => t(`meetings.field.${key}`);

  const find = (values: SearchForm) => {
    setSearch(searchOf(values));
    paging.firstPage();
  };

  const act = async (what: 'retry' | 'cancel', m: CloudMeeting) => {
    try {
      await (what === 'retry' ? retry : cancel).mutateAsync(m.id);
      void message.success(t(what === 'retry' ? 'meetings.message.retried' : 'meetings.message.cancelled'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const exportAll = async () => {
    setExporting(true);
    try {
      const found = await allCloudMeetings(filter);
      const columns: ExportColumn<CloudMeeting>[] = [
        { header: f('resource'), width: 24, value: (m) => pick(m.resources_name, m.resources_name_en) },
        { header: f('host'), width: 16, value: (m) => `${m.host_name} (${m.host_account})` },
        { header: f('date'), width: 12, value: (m) => m.appointment_date },
        { header: f('time'), width: 24, value: (m) => `${m.start_at} - ${m.end_at.slice(11)}` },
        { header: f('subject'), width: 20, value: (m) => m.subject },
        {
          header: f('provider'),
          width: 14,
          value: (m) => t(`meeting.provider.${m.provider}`, { defaultValue: m.provider }),
        },
        { header: f('state'), width: 10, value: (m) => t(`meeting.state.${m.state}`) },
        { header: f('code'), width: 16, value: (m) => m.code },
        { header: f('link'), width: 40, value: (m) => m.join_url },
        { header: f('attempts'), width: 8, value: (m) => m.attempts },
        { header: f('lastError'), width: 30, value: (m) => m.last_error },
        { header: f('updateTime'), width: 17, value: (m) => m.update_time },
      ];
      const title = t('meetings.export.file');
      saveFile(exportFileName(title, new Date()), await workbookOf(t('meetings.export.sheet'), columns, found));
      void message.success(t('meetings.message.exported', { count: found.length }));
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const columns: DataTableColumn<CloudMeeting>[] = [
    {
      key: 'resource',
      title: f('resource'),
      width: 180,
      render: (_, m) => (
        <span className="yy-meeting-cell">
          <span>{pick(m.resources_name, m.resources_name_en)}</span>
          {m.subject ? <Typography.Text type="secondary">{m.subject}</Typography.Text> : null}
        </span>
      ),
    },
    {
      key: 'host',
      title: f('host'),
      width: 130,
      render: (_, m) => (
        <span className="yy-meeting-cell">
          <span>{m.host_name || m.host_account}</span>
          <Typography.Text type="secondary">{m.host_account}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'time',
      title: f('time'),
      width: 170,
      render: (_, m) => (
        <span className="yy-meeting-cell">
          <span>{m.start_at.slice(0, 10)}</span>
          <span>{`${m.start_at.slice(11)}–${m.end_at.slice(11)}`}</span>
        </span>
      ),
    },
    {
      key: 'provider',
      title: f('provider'),
      width: 120,
      render: (_, m) => t(`meeting.provider.${m.provider}`, { defaultValue: m.provider }),
    },
    {
      key: 'state',
      title: f('state'),
      width: 120,
      render: (_, m) => (
        <span className="yy-meeting-cell">
          <MeetingStateTag state={m.state} />
          {m.pending_sync && m.state !== 'failed' ? (
            <Typography.Text type="secondary">
              {t('meetings.message.pendingSync', { what: t(`meetings.sync.${m.pending_sync}`) })}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'code',
      title: f('code'),
      width: 150,
      render: (_, m) =>
        m.join_url ? (
          <Typography.Link href={m.join_url} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: 140 }}>
            {m.code || m.join_url}
          </Typography.Link>
        ) : (
          m.code || '—'
        ),
    },
    { key: 'password', title: f('password'), dataIndex: 'password', width: 90, defaultHidden: true },
    {
      key: 'last_error',
      title: f('lastError'),
      width: 220,
      ellipsis: true,
      render: (_, m) =>
        m.last_error ? (
          <Typography.Text type={m.state === 'failed' ? 'danger' : 'secondary'} title={m.last_error}>
            {`${m.attempts}× ${m.last_error}`}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { key: 'update_time', title: f('updateTime'), dataIndex: 'update_time', width: 150, defaultHidden: true },
    {
      key: 'actions',
      title: f('actions'),
      width: 170,
      render: (_, m) => {
        const can = meetingActions(m);
        return (
          <Space size={0}>
            {can.retry ? (
              <Button type="link" size="small" onClick={() => void act('retry', m)}>
                {t('meetings.action.retry')}
              </Button>
            ) : null}
            {can.cancel ? (
              <Popconfirm
                title={t('meetings.action.cancel')}
                description={t('meetings.action.confirmCancel')}
                okText={t('meetings.action.cancel')}
                okButtonProps={{ danger: true }}
                cancelText={t('meetings.action.keep')}
                onConfirm={() => act('cancel', m)}
              >
                <Button type="link" size="small" danger>
                  {t('meetings.action.cancel')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={t('route.manage.cloudMeetingList')}>
      <Form<SearchForm> form={form} name="meetingSearch" layout="inline" className="yy-meeting-filters" onFinish={find}>
        <Form.Item name="range" label={f('date')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} format={DATE} style={{ width: 250 }} />
        </Form.Item>
        <Form.Item name="resources_id" label={f('resource')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            placeholder={t('meetings.placeholder.resource')}
            loading={resources.isLoading}
            options={(resources.data ?? []).map((r) => ({
              value: r.id,
              label: pick(r.resources_name, r.resources_name_en),
            }))}
          />
        </Form.Item>
        <Form.Item name="host" label={f('host')}>
          <Input allowClear maxLength={100} style={{ width: 150 }} placeholder={t('meetings.placeholder.host')} />
        </Form.Item>
        <Form.Item name="provider" label={f('provider')}>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('meetings.placeholder.all')}
            options={MEETING_PROVIDERS.map((p) => ({ value: p, label: t(`meeting.provider.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="state" label={f('state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('meetings.placeholder.all')}
            options={MEETING_STATES.map((s) => ({ value: s, label: t(`meeting.state.${s}`) }))}
          />
        </Form.Item>
        <SearchButtons
          searchText={t('meetings.action.search')}
          resetText={t('meetings.action.reset')}
          onReset={() => {
            form.resetFields();
            find({});
          }}
        />
      </Form>
      <DataTable<CloudMeeting>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 1200 }}
        toolbar={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll()}>
            {t('meetings.action.export')}
          </Button>
        }
        pagination={paging.pagination(list.data?.totalCount, (total) => t('meetings.message.total', { total }))}
      />
    </Card>
  );
}
