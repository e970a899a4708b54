import { SettingOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Grid, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceReleases } from '../../../../features/ballot-admin/api.ts';
import {
  RELEASE_MODES,
  type ReleaseMode,
  type ResourceRelease,
  type ResourceReleaseSearch,
} from '../../../../features/ballot-admin/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { SearchButtons, usePaging } from '../sign/listParts.tsx';
import { ReleaseModeIcon, ReleaseModeTag } from './parts.tsx';
import { ReleaseSettings } from './ReleaseSettings.tsx';
import './ballot.css';

interface SearchForm {
  keyword?: string;
  releaseMode?: ReleaseMode;
}

const searchOf = (v: SearchForm): ResourceReleaseSearch => ({
  ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
  ...(v.releaseMode ? { releaseMode: v.releaseMode } : {}),
});

/**
 * "Release modes" of the ballot page (docs/GLOSSARY.md "Ballot"): the resources the user
 * administers (`findBallotResourceSettingAll`; every resource for a tenant administrator, `all`),
 * searched by name or number and by mode, each with its mode in force (icon and word) and where
 * it comes from, and its ballot settings; "Set" opens the resource's release editor
 * (`ReleaseSettings`, the one of the resource page) in a drawer, and the list follows its saves.
 */
export function ResourceReleases({ all }: { all: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchForm>();
  const screens = Grid.useBreakpoint();
  const [search, setSearch] = useState<ResourceReleaseSearch>({});
  const [editing, setEditing] = useState<ResourceRelease | null>(null);
  const paging = usePaging();
  const list = useResourceReleases({ ...paging.range, ...search });
  const rows = list.data?.edges.map((e) => e.node) ?? [];
  const f = (key: string) => t(`ballotAdmin.releases.field.${key}`);
  const nameOf = (r: ResourceRelease) => pick(r.resources_name, r.resources_name_en);

  const find = (values: SearchForm) => {
    setSearch(searchOf(values));
    paging.firstPage();
  };

  const ballotDetail = (r: ResourceRelease) =>
    t('ballotAdmin.releases.ballotDetail', {
      minutes: r.window_minutes,
      weighted: t(r.weighted ? 'ballotAdmin.release.weightedOn' : 'ballotAdmin.release.weightedOff'),
      cap: r.max_wins_per_person
        ? t('ballotAdmin.release.cap', { count: r.max_wins_per_person })
        : t('ballotAdmin.release.noCap'),
    });

  const columns: DataTableColumn<ResourceRelease>[] = [
    {
      key: 'resource',
      title: f('resource'),
      width: 200,
      render: (_, r) => (
        <span className="yy-ballot-cell">
          <span>
            {nameOf(r)}
            {r.state === 1 ? null : (
              <Tag className="yy-ballot-disabled" variant="filled">
                {t('ballotAdmin.releases.disabled')}
              </Tag>
            )}
          </span>
          {r.resources_number ? <Typography.Text type="secondary">{r.resources_number}</Typography.Text> : null}
        </span>
      ),
    },
    {
      key: 'type',
      title: f('type'),
      width: 120,
      render: (_, r) => pick(r.resources_type_name, r.resources_type_name_en) || '—',
    },
    {
      key: 'mode',
      title: f('mode'),
      width: 230,
      render: (_, r) => (
        <span className="yy-ballot-cell">
          <span>
            <ReleaseModeTag mode={r.release_mode} />
          </span>
          <Typography.Text type="secondary">
            {t(`ballotAdmin.release.sourceText.${r.source}`, { defaultValue: r.source })}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'settings',
      title: f('settings'),
      width: 250,
      render: (_, r) => (r.release_mode === 'ballot' ? ballotDetail(r) : '—'),
    },
    {
      key: 'actions',
      title: f('actions'),
      fixed: screens.md ? 'right' : undefined,
      width: 100,
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          icon={<SettingOutlined />}
          aria-label={t('ballotAdmin.releases.editLabel', { resource: nameOf(r) })}
          onClick={() => setEditing(r)}
        >
          {t('ballotAdmin.releases.edit')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">
        {t(all ? 'ballotAdmin.releases.introAdmin' : 'ballotAdmin.releases.introScoped')}
      </Typography.Paragraph>
      <Form<SearchForm>
        form={form}
        name="ballotReleaseSearch"
        layout="inline"
        className="yy-ballot-filters"
        onFinish={find}
      >
        <Form.Item name="keyword" label={t('ballotAdmin.releases.keyword')}>
          <Input allowClear style={{ width: 200 }} placeholder={t('ballotAdmin.releases.keywordPlaceholder')} />
        </Form.Item>
        <Form.Item name="releaseMode" label={f('mode')}>
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('ballotAdmin.releases.modeAll')}
            options={RELEASE_MODES.map((m) => ({
              value: m,
              label: (
                <span className="yy-ballot-mode-option">
                  <ReleaseModeIcon mode={m} />
                  {t(`ballotAdmin.release.modeText.${m}`)}
                </span>
              ),
            }))}
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
      <DataTable<ResourceRelease>
        rowKey="id"
        tableId="ballot-releases"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 950 }}
        locale={{ emptyText: t('ballotAdmin.releases.empty') }}
        pagination={paging.pagination(list.data?.totalCount, (total) => t('ballotAdmin.releases.total', { total }))}
      />
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('ballotAdmin.releases.drawerTitle', { resource: nameOf(editing) }) : null}
        size="large"
        styles={{ wrapper: { width: 'min(720px, 100vw)' } }}
        destroyOnHidden
      >
        {editing ? <ReleaseSettings kind="resource" id={editing.id} /> : null}
      </Drawer>
    </>
  );
}
