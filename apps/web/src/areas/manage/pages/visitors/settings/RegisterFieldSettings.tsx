import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Space, Switch, Typography } from 'antd';
import { useEffect, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBatchUpdateVisitorRegistorFieldSettingEntity } from '../../../../../features/visitors-admin/settings/batchUpdateVisitorRegistorFieldSettingEntity.ts';
import { useFindVisitorRegistorFieldSettingEntityList } from '../../../../../features/visitors-admin/settings/findVisitorRegistorFieldSettingEntityList.ts';
import type { VisitorRegisterField } from '../../../../../features/visitors-admin/settings/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../../operation-result.ts';
import { flagOf, on } from './parts.tsx';
import './visitors-settings.css';

/** Name and phone: a visitor is known by them, always shown and required. */
const FIXED = new Set(['visitor_name', 'phone']);

/** `rows` with the row at `from` moved to `to`. */
export function moved<T>(rows: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}

/** `/manage/visitorManagement/registerFieldSettings`: the registration form's fields: shown, required, order. */
export default function RegisterFieldSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useFindVisitorRegistorFieldSettingEntityList();
  const save = useBatchUpdateVisitorRegistorFieldSettingEntity();
  const [rows, setRows] = useState<VisitorRegisterField[]>([]);
  const [dragFrom, setDragFrom] = useState<number | null>(null);

  useEffect(() => {
    if (list.data) setRows(list.data);
  }, [list.data]);

  const original = list.data ?? [];
  const changed = rows.filter((r, i) => {
    const o = original.find((x) => x.field_name === r.field_name);
    return !o || o.is_valid !== r.is_valid || o.is_required !== r.is_required || original.indexOf(o) !== i;
  });
  const dirty = changed.length > 0;

  const change = (name: string, patch: Partial<VisitorRegisterField>) =>
    setRows((all) =>
      all.map((r) => {
        if (r.field_name !== name) return r;
        const next = { ...r, ...patch };
        return next.is_valid === 1 ? next : { ...next, is_required: 0 };
      }),
    );

  const submit = async () => {
    try {
      ensureOk(
        await save.mutateAsync(
          rows.map((r, i) => ({
            field_name: r.field_name,
            is_valid: r.is_valid,
            is_required: r.is_required,
            sort: i + 1,
          })),
        ),
      );
      void message.success(t('visitorsSettings.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const label = (r: VisitorRegisterField) => pick(r.field_label, r.field_label_en);
  const columns: DataTableColumn<VisitorRegisterField>[] = [
    {
      key: 'drag',
      title: '',
      width: 40,
      render: () => <HolderOutlined aria-hidden />,
    },
    { key: 'label', title: t('visitorsSettings.label'), render: (_, r) => label(r) },
    { key: 'field_name', title: t('visitorsSettings.fieldName'), dataIndex: 'field_name' },
    {
      key: 'valid',
      title: t('visitorsSettings.valid'),
      render: (_, r) => (
        <Switch
          checked={on(r.is_valid)}
          disabled={FIXED.has(r.field_name)}
          aria-label={`${label(r)} ${t('visitorsSettings.valid')}`}
          onChange={(checked) => change(r.field_name, { is_valid: flagOf(checked) })}
        />
      ),
    },
    {
      key: 'required',
      title: t('visitorsSettings.required'),
      render: (_, r) => (
        <Switch
          checked={on(r.is_required)}
          disabled={FIXED.has(r.field_name) || !on(r.is_valid)}
          aria-label={`${label(r)} ${t('visitorsSettings.required')}`}
          onChange={(checked) => change(r.field_name, { is_required: flagOf(checked) })}
        />
      ),
    },
    {
      key: 'sort',
      title: t('visitorsSettings.sort'),
      render: (_, r, i) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`${label(r)} ${t('visitorsSettings.moveUp')}`}
            disabled={i === 0}
            onClick={() => setRows((all) => moved(all, i, i - 1))}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`${label(r)} ${t('visitorsSettings.moveDown')}`}
            disabled={i === rows.length - 1}
            onClick={() => setRows((all) => moved(all, i, i + 1))}
          />
        </Space>
      ),
    },
    { key: 'mod_user_name', title: t('visitorsSettings.modUserName'), dataIndex: 'mod_user_name' },
    { key: 'mod_time', title: t('visitorsSettings.modTime'), dataIndex: 'mod_time' },
  ];

  return (
    <Card className="yy-vs-page">
      <Typography.Text type="secondary" className="yy-vs-intro">
        {t('visitorsSettings.dragHint')} {t('visitorsSettings.fixedField')}
      </Typography.Text>
      {dirty && <Alert type="warning" showIcon className="yy-vs-intro" title={t('visitorsSettings.unsaved')} />}
      <DataTable<VisitorRegisterField>
        tableId="visitor-register-fields"
        rowKey="field_name"
        columns={columns}
        dataSource={rows}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        pagination={false}
        onRow={(_, index) => ({
          draggable: true,
          className: 'yy-vs-drag-row',
          onDragStart: () => setDragFrom(index ?? null),
          onDragOver: (e: DragEvent) => e.preventDefault(),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            if (dragFrom !== null && index !== undefined) setRows((all) => moved(all, dragFrom, index));
            setDragFrom(null);
          },
        })}
        toolbar={
          <Space>
            <Button onClick={() => list.data && setRows(list.data)} disabled={!dirty}>
              {t('visitorsSettings.reset')}
            </Button>
            <Button type="primary" onClick={() => void submit()} loading={save.isPending} disabled={!dirty}>
              {t('visitorsSettings.save')}
            </Button>
          </Space>
        }
      />
    </Card>
  );
}
