import { ControlOutlined, HistoryOutlined, ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOptionalSession } from '../../../../app/session.tsx';
import { useBallotDraws } from '../../../../features/ballot-admin/api.ts';
import type { BallotDraw, DrawSearch } from '../../../../features/ballot-admin/types.ts';
import { useResourcesForPicker } from '../../../../features/occupancy/api/findResourcesAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { SearchButtons, usePaging } from '../sign/listParts.tsx';
import { DrawDetail } from './DrawDetail.tsx';
import { DrawNowDialog } from './DrawNowDialog.tsx';
import { useDrawnBy } from './parts.tsx';
import { ResourceReleases } from './ResourceReleases.tsx';
import './ballot.css';

const DATE = 'YYYY-MM-DD';

interface SearchForm {
  resourcesId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function searchOf(v: SearchForm): DrawSearch {
  return {
    ...(v.resourcesId ? { resourcesId: v.resourcesId } : {}),
    ...(v.range?.[0] ? { dateFrom: v.range[0].format(DATE) } : {}),
    ...(v.range?.[1] ? { dateTo: v.range[1].format(DATE) } : {}),
  };
}

type Tab = 'draws' | 'releases';

/**
 * The ballot page (`/manage/appointment/ballot-draws`, docs/GLOSSARY.md "Ballot"), for tenant
 * administrators and the resources' own administrators alike (the server scopes both tabs): the
 * draws, and the release modes of the resources (`?tab=releases`, `ResourceReleases`; a tenant
 * administrator's lists every resource).
 */
export default function BallotDraws() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const session = useOptionalSession();
  // Without a session (component tests) the page is the tenant administrators'.
  const all = !session || session.permission === 'admin';
  const tab: Tab = params.get('tab') === 'releases' ? 'releases' : 'draws';
  const label = (icon: ReactNode, text: string) => (
    <span className="yy-ballot-tab">
      {icon}
      {text}
    </span>
  );

  return (
    <Card
      title={t('ballotAdmin.title')}
      activeTabKey={tab}
      tabList={[
        { key: 'draws', label: label(<HistoryOutlined aria-hidden />, t('ballotAdmin.tabs.draws')) },
        { key: 'releases', label: label(<ControlOutlined aria-hidden />, t('ballotAdmin.tabs.releases')) },
      ]}
      onTabChange={(key) =>
        setParams(() => {
          const next = new URLSearchParams();
          if (key === 'releases') next.set('tab', 'releases');
          return next;
        })
      }
    >
      {tab === 'releases' ? <ResourceReleases all={all} /> : <Draws />}
    </Card>
  );
}

/**
 * The draws of the resources the user administers, latest first, searched by resource and dates;
 * a draw opens in a drawer (`?draw=<id>`) with its seed, settings, places and entries, and can be
 * replayed there; "Draw now" closes a date's entries early and draws it.
 */
function Draws() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchForm>();
  const [search, setSearch] = useState<DrawSearch>({});
  const [drawing, setDrawing] = useState(false);
  const [params, setParams] = useSearchParams();
  const paging = usePaging();
  const list = useBallotDraws({ ...paging.range, ...search });
  const resources = useResourcesForPicker();
  const drawnBy = useDrawnBy();
  const rows = list.data?.edges.map((e) => e.node) ?? [];
  const openId = params.get('draw');
  const f = (key: string) => t(`ballotAdmin.field.${key}`);

  const open = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('draw', id);
        else next.delete('draw');
        return next;
      },
      { replace: !id },
    );

  const find = (values: SearchForm) => {
    setSearch(searchOf(values));
    paging.firstPage();
  };

  const columns: DataTableColumn<BallotDraw>[] = [
    {
      key: 'resource',
      title: f('resource'),
      width: 200,
      render: (_, d) => (
        <Typography.Link onClick={() => open(d.id)}>{pick(d.resources_name, d.resources_name_en)}</Typography.Link>
      ),
    },
    { key: 'date', title: f('date'), dataIndex: 'appointment_date', width: 120 },
    { key: 'closes_at', title: f('closesAt'), dataIndex: 'closes_at', width: 170 },
    { key: 'drawn_at', title: f('drawnAt'), dataIndex: 'drawn_at', width: 170 },
    { key: 'entries', title: f('entries'), dataIndex: 'entries_count', width: 90, align: 'right' },
    { key: 'winners', title: f('winners'), dataIndex: 'winners_count', width: 90, align: 'right' },
    {
      key: 'took',
      title: f('took'),
      width: 100,
      align: 'right',
      render: (_, d) => t('ballotAdmin.tookMs', { ms: d.took_ms }),
    },
    { key: 'drawn_by', title: f('drawnBy'), width: 200, render: (_, d) => drawnBy(d) },
    {
      key: 'actions',
      title: f('actions'),
      width: 90,
      render: (_, d) => (
        <Button type="link" size="small" onClick={() => open(d.id)}>
          {t('ballotAdmin.action.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('ballotAdmin.intro')}</Typography.Paragraph>
      <Form<SearchForm>
        form={form}
        name="ballotDrawSearch"
        layout="inline"
        className="yy-ballot-filters"
        onFinish={find}
      >
        <Form.Item name="resourcesId" label={f('resource')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            placeholder={t('ballotAdmin.placeholder.resource')}
            loading={resources.isLoading}
            options={(resources.data ?? []).map((r) => ({
              value: r.id,
              label: pick(r.resources_name, r.resources_name_en),
            }))}
          />
        </Form.Item>
        <Form.Item name="range" label={f('dateRange')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            format={DATE}
            style={{ width: 250 }}
            placeholder={[t('ballotAdmin.placeholder.from'), t('ballotAdmin.placeholder.to')]}
          />
        </Form.Item>
        <SearchButtons
          searchText={t('ballotAdmin.action.search')}
          resetText={t('ballotAdmin.action.reset')}
          onReset={() => {
            form.resetFields();
            find({});
          }}
        />
      </Form>
      <DataTable<BallotDraw>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 1240 }}
        locale={{ emptyText: t('ballotAdmin.message.empty') }}
        toolbar={
          <Space wrap>
            <Button type="primary" icon={<ThunderboltOutlined />} onClick={() => setDrawing(true)}>
              {t('ballotAdmin.action.drawNow')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching}>
              {t('ballotAdmin.action.refresh')}
            </Button>
          </Space>
        }
        pagination={paging.pagination(list.data?.totalCount, (total) => t('ballotAdmin.message.total', { total }))}
      />
      <DrawDetail id={openId} onClose={() => open(null)} />
      <DrawNowDialog
        open={drawing}
        resources={resources.data ?? []}
        resourcesLoading={resources.isLoading}
        onClose={() => setDrawing(false)}
        onDrawn={(d) => {
          setDrawing(false);
          open(d.id);
        }}
      />
    </>
  );
}
