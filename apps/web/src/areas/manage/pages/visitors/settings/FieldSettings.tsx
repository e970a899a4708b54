import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBatchDeleteVisitorInfoFieldSettingsEntity } from '../../../../../features/visitors-admin/settings/batchDeleteVisitorInfoFieldSettingsEntity.ts';
import { useBatchUpdateVisitorInfoFieldSettingsEntity } from '../../../../../features/visitors-admin/settings/batchUpdateVisitorInfoFieldSettingsEntity.ts';
import { useFindVisitorInfoFieldSettingsEntityList } from '../../../../../features/visitors-admin/settings/findVisitorInfoFieldSettingsEntityList.ts';
import { useSaveVisitorInfoFieldSettingsEntity } from '../../../../../features/visitors-admin/settings/saveVisitorInfoFieldSettingsEntity.ts';
import type { VisitorInfoField } from '../../../../../features/visitors-admin/settings/types.ts';
import { useUpdateVisitorInfoFieldSettingsEntity } from '../../../../../features/visitors-admin/settings/updateVisitorInfoFieldSettingsEntity.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../../operation-result.ts';
import { flagOf, on } from './parts.tsx';
import './visitors-settings.css';

/** Information field types with their names (as the server names them). */
const FIELD_TYPES: [string, string, string][] = [
  ['text', '文本', 'Text'],
  ['textarea', '多行文本', 'Long text'],
  ['number', '数字', 'Number'],
  ['phone', '电话', 'Phone'],
  ['email', '邮箱', 'E-mail'],
  ['idcard', '身份证号', 'ID card number'],
  ['date', '日期', 'Date'],
  ['select', '下拉选择', 'Choice'],
  ['image', '图片', 'Picture'],
];

const FLAGS = [
  'is_visitor_valid_info',
  'is_visitor_required_info',
  'is_appointment_valid_info',
  'is_appointment_required_info',
  'is_show_school_info',
  'is_show_visit_record',
] as const;
type Flag = (typeof FLAGS)[number];
const FLAG_TEXT: Record<Flag, string> = {
  is_visitor_valid_info: 'visitorsSettings.visitorValid',
  is_visitor_required_info: 'visitorsSettings.visitorRequired',
  is_appointment_valid_info: 'visitorsSettings.appointmentValid',
  is_appointment_required_info: 'visitorsSettings.appointmentRequired',
  is_show_school_info: 'visitorsSettings.showSchoolInfo',
  is_show_visit_record: 'visitorsSettings.showVisitRecord',
};

interface FieldValues {
  field_name: string;
  field_label: string;
  field_label_en?: string;
  field_type: string;
  options?: string;
  flags: Flag[];
}

type Editing = { mode: 'add' } | { mode: 'edit'; row: VisitorInfoField } | null;

function FieldModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FieldValues>();
  const save = useSaveVisitorInfoFieldSettingsEntity();
  const update = useUpdateVisitorInfoFieldSettingsEntity();
  const row = editing?.mode === 'edit' ? editing.row : null;

  const submit = async (v: FieldValues) => {
    const flags = new Set(v.flags ?? []);
    const model = {
      field_label: v.field_label.trim(),
      field_label_en: v.field_label_en?.trim() ?? '',
      field_type: v.field_type,
      data_range: v.field_type === 'select' ? (v.options ?? '').split('\n') : [],
      ...Object.fromEntries(FLAGS.map((f) => [f, flags.has(f) ? 1 : 0])),
    };
    try {
      ensureOk(
        row
          ? await update.mutateAsync({ ...model, id: row.id })
          : await save.mutateAsync({ ...model, field_name: v.field_name.trim() }),
      );
      void message.success(t('visitorsSettings.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const requiredRule = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('visitorsSettings.required_', { field }),
  });

  return (
    <Modal
      open={editing !== null}
      title={t(row ? 'visitorsSettings.editField' : 'visitorsSettings.addField')}
      okText={t('visitorsSettings.ok')}
      cancelText={t('visitorsSettings.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending || update.isPending}
      destroyOnHidden
      width={640}
    >
      <Form<FieldValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={submit}
        initialValues={{
          field_name: row?.field_name ?? '',
          field_label: row?.field_label ?? '',
          field_label_en: row?.field_label_en ?? '',
          field_type: row?.field_type ?? 'text',
          options: (row?.data_range ?? []).join('\n'),
          flags: row ? FLAGS.filter((f) => row[f] === 1) : ['is_visitor_valid_info'],
        }}
      >
        <Form.Item
          name="field_name"
          label={t('visitorsSettings.fieldName')}
          extra={t('visitorsSettings.fieldNameHelp')}
          rules={
            row
              ? []
              : [
                  requiredRule(t('visitorsSettings.fieldName')),
                  { pattern: /^[A-Za-z][A-Za-z0-9_]{0,59}$/, message: t('visitorsSettings.fieldNameHelp') },
                ]
          }
        >
          <Input disabled={row !== null} maxLength={60} />
        </Form.Item>
        <Form.Item
          name="field_label"
          label={t('visitorsSettings.fieldLabel')}
          rules={[requiredRule(t('visitorsSettings.fieldLabel'))]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="field_label_en" label={t('visitorsSettings.fieldLabelEn')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="field_type" label={t('visitorsSettings.fieldType')}>
          <Select options={FIELD_TYPES.map(([value, zh, en]) => ({ value, label: pick(zh, en) }))} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a: FieldValues, b: FieldValues) => a.field_type !== b.field_type}>
          {({ getFieldValue }) =>
            getFieldValue('field_type') === 'select' && (
              <Form.Item
                name="options"
                label={t('visitorsSettings.options')}
                extra={t('visitorsSettings.optionsHelp')}
                rules={[requiredRule(t('visitorsSettings.options'))]}
              >
                <Input.TextArea rows={4} />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item name="flags">
          <Checkbox.Group options={FLAGS.map((f) => ({ value: f, label: t(FLAG_TEXT[f]) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `/manage/visitorManagement/fieldSettings`: the information fields visitors and applications fill in. */
export default function FieldSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useFindVisitorInfoFieldSettingsEntityList();
  const batch = useBatchUpdateVisitorInfoFieldSettingsEntity();
  const remove = useBatchDeleteVisitorInfoFieldSettingsEntity();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const rows = list.data ?? [];

  const run = async (action: () => Promise<{ errcode: string; msg: string; msg_en: string }>, done: string) => {
    try {
      ensureOk(await action());
      void message.success(done);
      setSelected([]);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const move = (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row!);
    void run(() => batch.mutateAsync(next.map((r, i) => ({ id: r.id, sort: i + 1 }))), t('visitorsSettings.saved'));
  };

  const label = (r: VisitorInfoField) => pick(r.field_label, r.field_label_en);
  const flagColumn = (f: Flag): DataTableColumn<VisitorInfoField> => ({
    key: f,
    title: t(FLAG_TEXT[f]),
    render: (_, r) => (
      <Switch
        size="small"
        checked={on(r[f])}
        disabled={
          batch.isPending ||
          (f === 'is_visitor_required_info' && !on(r.is_visitor_valid_info)) ||
          (f === 'is_appointment_required_info' && !on(r.is_appointment_valid_info))
        }
        aria-label={`${label(r)} ${t(FLAG_TEXT[f])}`}
        onChange={(checked) =>
          void run(() => batch.mutateAsync([{ id: r.id, [f]: flagOf(checked) }]), t('visitorsSettings.saved'))
        }
      />
    ),
  });

  const columns: DataTableColumn<VisitorInfoField>[] = [
    { key: 'label', title: t('visitorsSettings.label'), render: (_, r) => label(r) },
    { key: 'field_name', title: t('visitorsSettings.fieldName'), dataIndex: 'field_name' },
    {
      key: 'type',
      title: t('visitorsSettings.fieldType'),
      render: (_, r) => <Tag>{pick(r.fieldTypeName, r.fieldTypeName_en)}</Tag>,
    },
    {
      key: 'options',
      title: t('visitorsSettings.options'),
      defaultHidden: true,
      render: (_, r) => r.data_range.join(' / '),
    },
    ...FLAGS.map(flagColumn),
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
            disabled={i === 0 || batch.isPending}
            onClick={() => move(i, i - 1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`${label(r)} ${t('visitorsSettings.moveDown')}`}
            disabled={i === rows.length - 1 || batch.isPending}
            onClick={() => move(i, i + 1)}
          />
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('visitorsSettings.actions'),
      render: (_, r) => (
        <Space size="small">
          <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row: r })}>
            {t('visitorsSettings.edit')}
          </Button>
          <Popconfirm
            title={t('visitorsSettings.deleteConfirm')}
            okText={t('visitorsSettings.ok')}
            cancelText={t('visitorsSettings.cancel')}
            onConfirm={() => run(() => remove.mutateAsync([r.id]), t('visitorsSettings.deleted'))}
          >
            <Button type="link" size="small" danger>
              {t('visitorsSettings.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card className="yy-vs-page">
      <DataTable<VisitorInfoField>
        tableId="visitor-info-fields"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        pagination={false}
        scroll={{ x: 1200 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        toolbar={
          <Space>
            <Button type="primary" onClick={() => setEditing({ mode: 'add' })}>
              {t('visitorsSettings.add')}
            </Button>
            <Popconfirm
              title={t('visitorsSettings.batchDeleteConfirm', { count: selected.length })}
              okText={t('visitorsSettings.ok')}
              cancelText={t('visitorsSettings.cancel')}
              disabled={selected.length === 0}
              onConfirm={() => run(() => remove.mutateAsync(selected), t('visitorsSettings.deleted'))}
            >
              <Button danger disabled={selected.length === 0}>
                {t('visitorsSettings.batchDelete')}
              </Button>
            </Popconfirm>
          </Space>
        }
      />
      <FieldModal editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
