import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminVisit } from '../../../../../features/visitors-admin/visits/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { VisitDetailDrawer, VisitStateTag } from './VisitDetailDrawer.tsx';
import { VisitFilterBar } from './VisitFilterBar.tsx';
import { useVisitExport } from './useVisitExport.ts';
import { useVisitPages } from './useVisitPages.tsx';

/**
 * Invitations made by hosts (`/manage/visitorManagement/visitorInvitation`, visitor type '2'):
 * who invited whom, when, for which day and areas, and in what state; search by visit dates,
 * area, state, inviter and guest; the detail with its approval trail; export (numbers masked).
 */
export default function VisitorInvitation() {
  const { t } = useTranslation();
  const { variables, list, rows, search, pagination, loadError } = useVisitPages('2');
  const [detailId, setDetailId] = useState<string | null>(null);
  const visitExport = useVisitExport();
  const f = (key: string) => t(`visitorsVisits.field.${key}`);
  const columns: DataTableColumn<AdminVisit>[] = [
    {
      key: 'inviter',
      title: f('inviter'),
      width: 130,
      render: (_, v) => v.created_user_name || v.accept_visit_name || '—',
    },
    {
      key: 'invitee',
      title: f('invitee'),
      width: 120,
      render: (_, v) => <Typography.Link onClick={() => setDetailId(v.id)}>{v.visitor_name || '—'}</Typography.Link>,
    },
    { key: 'state', title: f('state'), width: 170, render: (_, v) => <VisitStateTag visit={v} /> },
    { key: 'date', title: f('date'), dataIndex: 'in_school_date', width: 110 },
    {
      key: 'area',
      title: f('area'),
      width: 170,
      ellipsis: true,
      render: (_, v) => pick(v.in_school_area_name, v.in_school_area_name_en) || '—',
    },
    { key: 'party', title: f('party'), width: 80, render: (_, v) => 1 + (v.peers ?? 0) + (v.in_child ?? 0) },
    { key: 'create_time', title: f('invitedAt'), dataIndex: 'create_time', width: 160 },
    { key: 'phone', title: f('phone'), dataIndex: 'phone', width: 130 },
    {
      key: 'reason',
      title: f('reason'),
      width: 150,
      ellipsis: true,
      defaultHidden: true,
      dataIndex: 'in_school_reason',
    },
    {
      key: 'actions',
      title: f('actions'),
      width: 90,
      render: (_, v) => (
        <Button size="small" type="link" onClick={() => setDetailId(v.id)}>
          {t('visitorsVisits.action.detail')}
        </Button>
      ),
    },
  ];
  return (
    <Card variant="borderless">
      <VisitFilterBar onSearch={search} withType={false} hostLabel={f('inviter')} />
      {loadError}
      <DataTable<AdminVisit>
        rowKey="id"
        tableId="visitors-admin-invitations"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 1250 }}
        locale={{ emptyText: t('visitorsVisits.message.noInvitations') }}
        toolbar={
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              loading={visitExport.exporting}
              onClick={() => void visitExport.run(variables, t('route.manage.visitorInvitation'), true)}
            >
              {t('visitorsVisits.action.export')}
            </Button>
          </Space>
        }
        pagination={pagination}
      />
      <VisitDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
