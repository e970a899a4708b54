import { App, Button, Card, Form, Grid, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteResourcesRuleTemplate } from '../../../../../features/rules/api/deleteResourcesRuleTemplate.ts';
import {
  useResourcesRuleTemplateAll,
  type RuleTemplateFilter,
} from '../../../../../features/rules/api/findResourcesRuleTemplateAll.ts';
import type { RuleTemplate } from '../../../../../features/rules/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { errorText } from '../../../operation-result.ts';
import { TEMPLATE_ADD_PATH, templateEditPath } from './paths.ts';
import '../resources.css';

/** The slots of a template as "09:00-10:00" texts. */
export function slotTexts(tpl: Pick<RuleTemplate, 'resourcesTimeSlot'>): string[] {
  return (tpl.resourcesTimeSlot ?? []).map((s) => `${s.kssj}-${s.jssj}`);
}

/**
 * Rule templates (`/manage/resources/resources-rule-template`): search by name, add, edit,
 * and delete with confirmation (the server refuses while resources use a template).
 */
export default function TemplateList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<{ name?: string }>();
  const [name, setName] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const filter: RuleTemplateFilter = name ? { template_name: { like: name } } : {};
  const list = useResourcesRuleTemplateAll({
    first: page.pageSize,
    offset: (page.current - 1) * page.pageSize,
    filter,
  });
  const remove = useDeleteResourcesRuleTemplate();

  const columns: DataTableColumn<RuleTemplate>[] = [
    {
      key: 'template_name',
      title: t('resources.template.name'),
      width: 220,
      render: (_, r) => (
        <Typography.Link onClick={() => navigate(templateEditPath(r.id))}>
          {pick(r.template_name, r.template_name_en)}
        </Typography.Link>
      ),
    },
    {
      key: 'time_slot_rule',
      title: t('resources.rules.timeSlotRule'),
      width: 110,
      render: (_, r) => t(`resources.rules.timeSlotRule${r.time_slot_rule === '2' ? '2' : '1'}`),
    },
    {
      key: 'slots',
      title: t('resources.rules.slots'),
      label: t('resources.rules.slots'),
      width: 260,
      render: (_, r) => {
        if (r.time_slot_rule === '2') {
          const c = r.config;
          return t('resources.template.freeTimeSummary', {
            min: c?.pertimeslot_min_minutes || '-',
            max: c?.pertimeslot_max_minutes || '-',
          });
        }
        const texts = slotTexts(r);
        if (texts.length === 0) return '—';
        const shown = texts.slice(0, 3).join(', ');
        return texts.length > 3 ? t('resources.template.slotsMore', { shown, count: texts.length }) : shown;
      },
    },
    {
      key: 'open',
      title: t('resources.rules.daysAhead'),
      width: 150,
      render: (_, r) =>
        t('resources.template.openSummary', {
          days: r.appointment_date_days ?? 0,
          time: r.days_rule_refresh_time || '00:00',
        }),
    },
    {
      key: 'need_approve',
      title: t('resources.rules.need_approve'),
      width: 130,
      render: (_, r) =>
        r.need_approve === '1' ? <Tag color="warning">{t('resources.yes')}</Tag> : <Tag>{t('resources.no')}</Tag>,
    },
    { key: 'resourcesCount', title: t('resources.template.resourcesCount'), dataIndex: 'resourcesCount', width: 110 },
    { key: 'remark', title: t('resources.template.remark'), dataIndex: 'remark', width: 200, defaultHidden: true },
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
      width: 150,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(templateEditPath(r.id))}>
            {t('resources.action.edit')}
          </Button>
          <Popconfirm
            title={t('resources.template.confirmDelete', { name: pick(r.template_name, r.template_name_en) })}
            okButtonProps={{ danger: true }}
            onConfirm={async () => {
              try {
                await remove.mutateAsync(r.id);
                void message.success(t('resources.message.deleted'));
              } catch (err) {
                void message.error(errorText(err));
              }
            }}
          >
            <Button type="link" size="small" danger>
              {t('resources.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <Form
        form={form}
        layout="inline"
        className="yy-resource-filters"
        onFinish={(v) => {
          setName((v.name ?? '').trim());
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="name" label={t('resources.template.name')}>
          <Input allowClear placeholder={t('resources.placeholder.templateName')} style={{ width: 220 }} />
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
                form.resetFields();
                setName('');
                setPage((p) => ({ ...p, current: 1 }));
              }}
            >
              {t('resources.action.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <DataTable<RuleTemplate>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={list.data?.edges.map((e) => e.node) ?? []}
        scroll={{ x: 1100 }}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(TEMPLATE_ADD_PATH)}>
            {t('resources.template.add')}
          </Button>
        }
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: list.data?.totalCount ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('resources.total', { total }),
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
      />
    </Card>
  );
}
