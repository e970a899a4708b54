import { Alert, App, Button, Card, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsers } from '../../../../../features/directory/api/users.ts';
import { useBatchUpdateVisitorDetailSettings } from '../../../../../features/visitors-admin/settings/batchUpdateVisitorDetailSettings.ts';
import { useFindVisitorDetailSettingsList } from '../../../../../features/visitors-admin/settings/findVisitorDetailSettingsList.ts';
import type { VisitorDetailSetting } from '../../../../../features/visitors-admin/settings/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../../operation-result.ts';
import { flagOf, idsOf, on } from './parts.tsx';
import './visitors-settings.css';

/** Picks directory users (value: accounts) as second-level approvers. */
function ApproverSelect({
  value,
  onChange,
  disabled,
  label,
}: {
  value: string[];
  onChange: (accounts: string[]) => void;
  disabled: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const users = useUsers(keyword);
  const known = new Set((users.data ?? []).map((u) => u.account));
  return (
    <Select
      mode="multiple"
      aria-label={label}
      style={{ minWidth: 260 }}
      value={value}
      onChange={onChange}
      disabled={disabled}
      filterOption={false}
      onSearch={setKeyword}
      placeholder={t('visitorsSettings.approversPlaceholder')}
      options={[
        ...(users.data ?? []).map((u) => ({ value: u.account, label: `${u.name} (${u.account})` })),
        ...value.filter((a) => !known.has(a)).map((a) => ({ value: a, label: a })),
      ]}
    />
  );
}

/** `/manage/visitorManagement/detailSettings`: each visitor type's approval flow and whether it is offered. */
export default function DetailSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useFindVisitorDetailSettingsList();
  const save = useBatchUpdateVisitorDetailSettings();
  const [rows, setRows] = useState<VisitorDetailSetting[]>([]);

  useEffect(() => {
    if (list.data) setRows(list.data);
  }, [list.data]);

  const dirty = JSON.stringify(rows) !== JSON.stringify(list.data ?? []);
  const change = (type: string, patch: Partial<VisitorDetailSetting>) =>
    setRows((all) => all.map((r) => (r.visitor_type === type ? { ...r, ...patch } : r)));

  const submit = async () => {
    try {
      ensureOk(
        await save.mutateAsync(
          rows.map((r) => ({
            visitor_type: r.visitor_type,
            is_invite_school_flow_path: r.is_invite_school_flow_path,
            is_enable_second_level: r.is_enable_second_level,
            invite_school_flow_path: r.invite_school_flow_path,
            is_enable: r.is_enable,
          })),
        ),
      );
      void message.success(t('visitorsSettings.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const typeName = (r: VisitorDetailSetting) => pick(r.visitor_type_name, r.visitor_type_name_en);
  const flagSwitch = (r: VisitorDetailSetting, key: keyof VisitorDetailSetting, label: string, disabled = false) => (
    <Switch
      checked={on(r[key] as number)}
      disabled={disabled}
      aria-label={`${typeName(r)} ${label}`}
      onChange={(checked) => change(r.visitor_type, { [key]: flagOf(checked) })}
    />
  );

  const columns: DataTableColumn<VisitorDetailSetting>[] = [
    { key: 'visitor_type', title: t('visitorsSettings.visitorType'), render: (_, r) => typeName(r) },
    {
      key: 'approval',
      title: t('visitorsSettings.approval'),
      render: (_, r) => flagSwitch(r, 'is_invite_school_flow_path', t('visitorsSettings.approval')),
    },
    {
      key: 'second',
      title: t('visitorsSettings.secondLevel'),
      render: (_, r) =>
        flagSwitch(r, 'is_enable_second_level', t('visitorsSettings.secondLevel'), !on(r.is_invite_school_flow_path)),
    },
    {
      key: 'approvers',
      title: t('visitorsSettings.approvers'),
      render: (_, r) => (
        <ApproverSelect
          label={`${typeName(r)} ${t('visitorsSettings.approvers')}`}
          value={idsOf(r.invite_school_flow_path)}
          disabled={!on(r.is_invite_school_flow_path) || !on(r.is_enable_second_level)}
          onChange={(accounts) => change(r.visitor_type, { invite_school_flow_path: accounts.join(',') })}
        />
      ),
    },
    {
      key: 'enabled',
      title: t('visitorsSettings.typeEnabled'),
      render: (_, r) => flagSwitch(r, 'is_enable', t('visitorsSettings.typeEnabled')),
    },
  ];

  return (
    <Card className="yy-vs-page">
      <Typography.Text type="secondary" className="yy-vs-intro">
        {t('visitorsSettings.detailIntro')}
      </Typography.Text>
      {dirty && <Alert type="warning" showIcon className="yy-vs-intro" title={t('visitorsSettings.unsaved')} />}
      <DataTable<VisitorDetailSetting>
        tableId="visitor-detail-settings"
        rowKey="visitor_type"
        columns={columns}
        dataSource={rows}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        pagination={false}
        toolbar={
          <Button type="primary" onClick={() => void submit()} loading={save.isPending} disabled={!dirty}>
            {t('visitorsSettings.save')}
          </Button>
        }
      />
    </Card>
  );
}
