import { App, Button, Card, Form, Grid, Input, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useResourcesTypeAll } from '../../../../../features/resource-types/api/findResourcesTypeAll.ts';
import { useCopyResources } from '../../../../../features/resources/api/copyResources.ts';
import { useDeleteResources } from '../../../../../features/resources/api/deleteResources.ts';
import { useResourcesAll } from '../../../../../features/resources/api/findResourcesAll.ts';
import { useUpdateResourcesState } from '../../../../../features/resources/api/updateResourcesState.ts';
import { readResourceListState, writeResourceListState } from '../../../../../features/resources/listState.ts';
import { resourcesFilterOf, type ResourceListFilters } from '../../../../../features/resources/listVariables.ts';
import type { ResourceRow } from '../../../../../features/resources/types.ts';
import { useResourcesRuleTemplateAll } from '../../../../../features/rules/api/findResourcesRuleTemplateAll.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { errorText } from '../../../operation-result.ts';
import { useBuildings, useCampuses } from './LocationFields.tsx';
import { RESOURCE_ADD_PATH, resourceEditPath } from './paths.ts';
import '../resources.css';
import { LookupSelect } from '../../../components/LookupSelect.tsx';

/** "Campus / Building / Floor" of a resource in the current language. */
export function locationText(r: ResourceRow): string {
  return [
    pick(r.campus_name, r.campus_name_en),
    pick(r.building_name, r.building_name_en),
    pick(r.floor_name, r.floor_name_en),
  ]
    .filter(Boolean)
    .join(' / ');
}

/**
 * The resource list (`/manage/resources/resources-list`), kept alive: its filters, page and
 * scroll position live in a module-level store (features/resources/listState.ts) and the rows
 * in the query cache, so coming back from the add or edit page finds the list as it was left.
 */
export default function ResourceList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const kept = readResourceListState();
  const [form] = Form.useForm<ResourceListFilters>();
  const [filters, setFilters] = useState<ResourceListFilters>(kept.filters);
  const [page, setPage] = useState(kept.page);
  const campus = Form.useWatch('campus_code', form) ?? kept.filters.campus_code;
  const types = useResourcesTypeAll();
  const campuses = useCampuses();
  const buildings = useBuildings(campus);
  const templates = useResourcesRuleTemplateAll({ first: 200, offset: 0 });
  const list = useResourcesAll({
    first: page.pageSize,
    offset: (page.current - 1) * page.pageSize,
    filter: resourcesFilterOf(filters),
  });
  const setState = useUpdateResourcesState();
  const copy = useCopyResources();
  const remove = useDeleteResources();
  const rootRef = useRef<HTMLDivElement>(null);
  const restored = useRef(false);

  // Scroll: remembered while the list is on screen, restored once its rows are back.
  useEffect(() => {
    const onScroll = () => {
      if (rootRef.current?.isConnected) writeResourceListState({ scrollY: window.scrollY });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const hasRows = list.data !== undefined;
  useEffect(() => {
    if (restored.current || !hasRows) return;
    restored.current = true;
    const y = readResourceListState().scrollY;
    if (y > 0) requestAnimationFrame(() => window.scrollTo(0, y));
  }, [hasRows]);

  const search = (next: ResourceListFilters) => {
    const nextPage = { ...page, current: 1 };
    setFilters(next);
    setPage(nextPage);
    writeResourceListState({ filters: next, page: nextPage, scrollY: 0 });
  };
  const go = (path: string) => {
    writeResourceListState({ scrollY: window.scrollY });
    navigate(path);
  };
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(t(done));
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const templateName = (id: string) => {
    const tpl = templates.data?.edges.find((e) => e.node.id === id)?.node;
    return tpl ? pick(tpl.template_name, tpl.template_name_en) : t('resources.field.template');
  };

  const columns: DataTableColumn<ResourceRow>[] = [
    { key: 'resources_number', title: t('resources.field.number'), dataIndex: 'resources_number', width: 110 },
    {
      key: 'resources_name',
      title: t('resources.field.name'),
      width: 200,
      render: (_, r) => (
        <Typography.Link onClick={() => go(resourceEditPath(r.id))}>
          {pick(r.resources_name, r.resources_name_en)}
        </Typography.Link>
      ),
    },
    {
      key: 'type',
      title: t('resources.field.type'),
      width: 120,
      render: (_, r) => pick(r.resources_type_name, r.resources_type_name_en),
    },
    { key: 'location', title: t('resources.field.location'), width: 220, render: (_, r) => locationText(r) || '—' },
    { key: 'capacity', title: t('resources.field.capacity'), dataIndex: 'capacity', width: 120 },
    { key: 'available_number', title: t('resources.field.availableNumber'), dataIndex: 'available_number', width: 140 },
    {
      key: 'rules',
      title: t('resources.field.ruleSource'),
      label: t('resources.field.ruleSource'),
      width: 180,
      render: (_, r) =>
        r.rule_source === '1' ? (
          <Tag color="blue">{templateName(r.rule_template_id)}</Tag>
        ) : (
          <Tag>{t('resources.ruleSource.0')}</Tag>
        ),
    },
    {
      key: 'state',
      title: t('resources.field.state'),
      width: 120,
      render: (_, r) => (
        <Space size={6}>
          <Switch
            size="small"
            checked={r.state === 1}
            aria-label={t('resources.action.toggleState', { name: pick(r.resources_name, r.resources_name_en) })}
            loading={setState.isPending && setState.variables?.id === r.id}
            onChange={(on) =>
              void run(
                () => setState.mutateAsync({ id: r.id, state: on ? 1 : 0 }),
                on ? 'resources.message.enabled' : 'resources.message.disabled',
              )
            }
          />
          <span>{t(`resources.state.${r.state === 1 ? '1' : '0'}`)}</span>
        </Space>
      ),
    },
    { key: 'order', title: t('resources.field.order'), dataIndex: 'order', width: 80, defaultHidden: true },
    {
      key: 'created_user_name',
      title: t('resources.field.createdUser'),
      dataIndex: 'created_user_name',
      width: 110,
      defaultHidden: true,
    },
    { key: 'create_time', title: t('resources.field.createTime'), dataIndex: 'create_time', width: 170 },
    {
      key: 'actions',
      title: t('resources.field.actions'),
      fixed: screens.md ? 'right' : undefined,
      width: 190,
      render: (_, r) => {
        const name = pick(r.resources_name, r.resources_name_en);
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => go(resourceEditPath(r.id))}>
              {t('resources.action.edit')}
            </Button>
            <Popconfirm
              title={t('resources.message.confirmCopy', { name })}
              onConfirm={() => run(() => copy.mutateAsync(r.id), 'resources.message.copied')}
            >
              <Button type="link" size="small">
                {t('resources.action.copy')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('resources.message.confirmDelete', { name })}
              okButtonProps={{ danger: true }}
              onConfirm={() => run(() => remove.mutateAsync(r.id), 'resources.message.deleted')}
            >
              <Button type="link" size="small" danger>
                {t('resources.action.delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <Card variant="borderless" ref={rootRef}>
      <Form<ResourceListFilters>
        form={form}
        layout="inline"
        className="yy-resource-filters"
        initialValues={kept.filters}
        onFinish={(v) => search(v)}
      >
        <Form.Item name="resources_type_id" label={t('resources.field.type')}>
          <LookupSelect
            allowClear
            style={{ width: 160 }}
            placeholder={t('resources.placeholder.all')}
            loading={types.isFetching}
            failed={types.isError}
            options={(types.data ?? []).map((ty) => ({
              value: ty.id,
              label: pick(ty.resources_name, ty.resources_name_en),
            }))}
          />
        </Form.Item>
        <Form.Item name="campus_code" label={t('resources.field.campus')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('resources.placeholder.all')}
            options={campuses.items.map((i) => ({ value: i.item_code, label: pick(i.item_name, i.item_name_en) }))}
            onChange={() => form.setFieldsValue({ building_code: undefined })}
          />
        </Form.Item>
        <Form.Item name="building_code" label={t('resources.field.building')}>
          <Select
            allowClear
            style={{ width: 150 }}
            disabled={!campus}
            placeholder={campus ? t('resources.placeholder.all') : t('resources.placeholder.campusFirst')}
            options={buildings.items.map((i) => ({ value: i.item_code, label: pick(i.item_name, i.item_name_en) }))}
          />
        </Form.Item>
        <Form.Item name="resources_name" label={t('resources.field.name')}>
          <Input allowClear placeholder={t('resources.placeholder.name')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="state" label={t('resources.field.state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('resources.placeholder.all')}
            options={['1', '0'].map((v) => ({ value: v, label: t(`resources.state.${v}`) }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('resources.action.search')}
            </Button>
            <Button
              htmlType="button"
              icon={<ReloadOutlined />}
              onClick={() => {
                form.setFieldsValue({
                  resources_type_id: undefined,
                  campus_code: undefined,
                  building_code: undefined,
                  resources_name: undefined,
                  state: undefined,
                });
                search({});
              }}
            >
              {t('resources.action.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <DataTable<ResourceRow>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={list.data?.edges.map((e) => e.node) ?? []}
        scroll={{ x: 1500 }}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => go(RESOURCE_ADD_PATH)}>
            {t('resources.action.add')}
          </Button>
        }
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: list.data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('resources.total', { total }),
          onChange: (current, pageSize) => {
            setPage({ current, pageSize });
            writeResourceListState({ page: { current, pageSize } });
          },
        }}
      />
    </Card>
  );
}
