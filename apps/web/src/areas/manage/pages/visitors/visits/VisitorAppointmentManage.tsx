import { CheckOutlined, CloseOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Grid, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuditVisitorAppointment } from '../../../../../features/visitors/api/auditVisitorAppointment.ts';
import { useBatchDeleteVisits } from '../../../../../features/visitors-admin/visits/batchDeleteVisitorAppointmentInformation.ts';
import { adminVisitKeys, type AdminVisit } from '../../../../../features/visitors-admin/visits/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { errorText } from '../../../operation-result.ts';
import { RejectVisitDialog } from './RejectVisitDialog.tsx';
import { VisitDetailDrawer, VisitStateTag } from './VisitDetailDrawer.tsx';
import { VisitFilterBar, visitFiltersFromSearch } from './VisitFilterBar.tsx';
import { useVisitExport } from './useVisitExport.ts';
import { useVisitPages } from './useVisitPages.tsx';

/**
 * Every visit application, invitation and booking guest (`/manage/visitorManagement/visitorAppointmentManage`):
 * search by visit dates, area, state, visitor type, host and visitor name; the detail with its
 * approval trail; approve or reject (with a reason) a visit awaiting the administrator's decision
 * (the server says which: `can_audit`); delete in batch (confirmed: seats freed, passes revoked);
 * export of everything the search matches, numbers masked.
 */
export default function VisitorAppointmentManage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [initial] = useState(() => visitFiltersFromSearch(params));
  const { variables, list, rows, page, setPage, search, pagination, loadError } = useVisitPages(undefined, initial);
  const [selected, setSelected] = useState<string[]>([]);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const remove = useBatchDeleteVisits();
  const decide = useAuditVisitorAppointment();
  const visitExport = useVisitExport();

  const decideVisit = async (id: string, state: '2' | '3', reason?: string) => {
    try {
      await decide.mutateAsync({ id, state, reason });
      await queryClient.invalidateQueries({ queryKey: adminVisitKeys.all });
      void message.success(t(state === '2' ? 'visitorsVisits.message.approved' : 'visitorsVisits.message.rejected'));
      setRejecting(null);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const deleteIds = async (ids: string[]) => {
    try {
      await remove.mutateAsync(ids);
      void message.success(t('visitorsVisits.message.deleted', { count: ids.length }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      if (detailId && ids.includes(detailId)) setDetailId(null);
      if (rows.length <= ids.length && page.current > 1) setPage((p) => ({ ...p, current: p.current - 1 }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const confirmDelete = (ids: string[]) =>
    modal.confirm({
      title: t('visitorsVisits.dialog.deleteTitle'),
      content: t('visitorsVisits.message.confirmDelete', { count: ids.length }),
      okText: t('visitorsVisits.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('visitorsVisits.action.cancel'),
      onOk: () => deleteIds(ids),
    });

  const decisions = (v: AdminVisit, compact = false) =>
    v.can_audit ? (
      <Space size={compact ? 0 : 8}>
        <Button
          size={compact ? 'small' : 'middle'}
          type={compact ? 'link' : 'primary'}
          icon={compact ? undefined : <CheckOutlined />}
          loading={decide.isPending && decide.variables?.id === v.id && decide.variables.state === '2'}
          onClick={() => void decideVisit(v.id, '2')}
        >
          {t('visitorsVisits.action.approve')}
        </Button>
        <Button
          size={compact ? 'small' : 'middle'}
          type={compact ? 'link' : 'default'}
          danger
          icon={compact ? undefined : <CloseOutlined />}
          onClick={() => setRejecting(v.id)}
        >
          {t('visitorsVisits.action.reject')}
        </Button>
      </Space>
    ) : null;

  const f = (key: string) => t(`visitorsVisits.field.${key}`);
  const columns: DataTableColumn<AdminVisit>[] = [
    {
      key: 'visitor',
      title: f('visitorName'),
      width: 120,
      render: (_, v) => <Typography.Link onClick={() => setDetailId(v.id)}>{v.visitor_name || '—'}</Typography.Link>,
    },
    { key: 'state', title: f('state'), width: 170, render: (_, v) => <VisitStateTag visit={v} /> },
    {
      key: 'type',
      title: f('visitorType'),
      width: 110,
      render: (_, v) => t(`visitorsVisits.type.${v.visitor_type ?? '1'}`),
    },
    { key: 'date', title: f('date'), dataIndex: 'in_school_date', width: 110 },
    {
      key: 'area',
      title: f('area'),
      width: 170,
      ellipsis: true,
      render: (_, v) => pick(v.in_school_area_name, v.in_school_area_name_en) || '—',
    },
    {
      key: 'party',
      title: f('party'),
      width: 80,
      render: (_, v) => 1 + (v.peers ?? 0) + (v.in_child ?? 0),
    },
    { key: 'host', title: f('host'), width: 110, render: (_, v) => v.accept_visit_name || '—' },
    { key: 'phone', title: f('phone'), dataIndex: 'phone', width: 130 },
    {
      key: 'createdBy',
      title: f('createdBy'),
      width: 110,
      defaultHidden: true,
      render: (_, v) => v.created_user_name || '—',
    },
    {
      key: 'reason',
      title: f('reason'),
      width: 150,
      ellipsis: true,
      defaultHidden: true,
      dataIndex: 'in_school_reason',
    },
    { key: 'create_time', title: f('createTime'), dataIndex: 'create_time', width: 160 },
    {
      key: 'actions',
      title: f('actions'),
      fixed: screens.md ? 'right' : undefined,
      width: 220,
      render: (_, v) => (
        <Space size={0} wrap>
          <Button size="small" type="link" onClick={() => setDetailId(v.id)}>
            {t('visitorsVisits.action.detail')}
          </Button>
          {decisions(v, true)}
          <Button size="small" type="link" danger onClick={() => confirmDelete([v.id])}>
            {t('visitorsVisits.action.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <VisitFilterBar
        initial={initial}
        onSearch={(next) => {
          search(next);
          setSelected([]);
        }}
      />
      {loadError}
      <DataTable<AdminVisit>
        rowKey="id"
        tableId="visitors-admin-visits"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('visitorsVisits.message.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        toolbar={
          <Space wrap>
            {selected.length ? (
              <Typography.Text type="secondary">
                {t('visitorsVisits.message.selected', { count: selected.length })}
              </Typography.Text>
            ) : null}
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!selected.length}
              onClick={() => confirmDelete(selected)}
            >
              {t('visitorsVisits.action.batchDelete')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={visitExport.exporting}
              onClick={() => void visitExport.run(variables, t('route.manage.visitorAppointmentManage'))}
            >
              {t('visitorsVisits.action.export')}
            </Button>
          </Space>
        }
        pagination={pagination}
      />
      <VisitDetailDrawer id={detailId} onClose={() => setDetailId(null)} actions={(v) => decisions(v)} />
      <RejectVisitDialog
        open={!!rejecting}
        busy={decide.isPending}
        onClose={() => setRejecting(null)}
        onOk={(reason) => rejecting && void decideVisit(rejecting, '3', reason)}
      />
    </Card>
  );
}
