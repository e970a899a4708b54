import {
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Spin,
  Tooltip,
  Typography,
} from 'antd';
import { DeleteOutlined, DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteOperateLog } from '../../../../features/logs/api/deleteOperateLog.ts';
import { useDeleteOperateLogAll } from '../../../../features/logs/api/deleteOperateLogAll.ts';
import { useFindOperateLog } from '../../../../features/logs/api/findOperateLog.ts';
import {
  findOperateLogAll,
  useFindOperateLogAll,
  type OperateLog,
  type OperateLogPage,
  type OperateLogVariables,
} from '../../../../features/logs/api/findOperateLogAll.ts';
import { operateLogVariables, type OperateLogFilterValues } from '../../../../features/logs/operateLogVariables.ts';
import {
  codeOptions,
  codeWord,
  recordedInChinese,
  sameWordCodes,
  type OperateLogCodeKind,
} from '../../../../features/logs/words.ts';
import { exportFileName, saveFile, workbookOf } from '../../../../features/appointments-admin/export.ts';
import { findAllOperateLogs, operateLogExportColumns } from '../../../../features/logs/export.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../operation-result.ts';
import './settings-pages.css';

/** A picked moment (antd's date library value); only its formatting is used here. */
interface Moment {
  format(pattern: string): string;
}

interface FormValues {
  user?: string;
  module?: string;
  type?: string;
  range?: [Moment | null, Moment | null] | null;
}

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The filter form's values as the variables builder takes them: a picked module or action is
 * every code that reads the same (batchDelete and deleteAll); the range as wall-clock text.
 */
export function filterOf(values: FormValues): OperateLogFilterValues {
  const [start, end] = values.range ?? [];
  return {
    user: values.user,
    module: values.module ? sameWordCodes('module', values.module) : undefined,
    type: values.type ? sameWordCodes('type', values.type) : undefined,
    range: start || end ? [start?.format(TIME_FORMAT), end?.format(TIME_FORMAT)] : null,
  };
}

/** A filter's choice of module or action by its words (codes searchable too); a Form.Item control. */
function CodeSelect({
  kind,
  width,
  value,
  onChange,
  id,
}: {
  kind: OperateLogCodeKind;
  width: number;
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const options = useMemo(() => codeOptions(kind, currentLanguage()), [kind]);
  return (
    <Select
      id={id}
      value={value}
      onChange={(v?: string) => onChange?.(v)}
      allowClear
      showSearch={{
        filterOption: (input, option) => {
          const text = input.trim().toLowerCase();
          return (
            !!option &&
            (option.label.toLowerCase().includes(text) || option.codes.some((c) => c.toLowerCase().includes(text)))
          );
        },
      }}
      placeholder={t('settingsAdmin.log.any')}
      options={options}
      optionRender={(o) => <span title={o.data.codes.join(', ')}>{o.data.label}</span>}
      style={{ width }}
    />
  );
}

/** A module or action in words, its code in a tooltip (and as the text where it has no words). */
function Code({ kind, code }: { kind: OperateLogCodeKind; code: string }) {
  return (
    <Tooltip title={code}>
      <span data-code={code}>{codeWord(kind, code, currentLanguage())}</span>
    </Tooltip>
  );
}

/**
 * An entry's content as stored; in English, marked when it was recorded in Chinese (free text is
 * not translated): a short mark in the table's narrow cell, the full note in the detail.
 */
function Content({ text, compact }: { text: string; compact?: boolean }) {
  const { t } = useTranslation();
  const note = recordedInChinese(text, currentLanguage());
  const hint = t('settingsAdmin.log.recordedInChineseHint');
  return (
    <span className={compact ? 'yy-cell-ellipsis' : undefined} title={compact ? text : undefined}>
      {note ? (
        <Tooltip title={hint}>
          {compact ? (
            <span className="yy-log-lang" role="note" aria-label={hint}>
              {t('settingsAdmin.log.recordedInChineseShort')}
            </span>
          ) : (
            <Typography.Text type="secondary" role="note">
              {t('settingsAdmin.log.recordedInChinese')}
            </Typography.Text>
          )}
        </Tooltip>
      ) : null}
      {note ? ' ' : null}
      <span lang={note ? 'zh-CN' : undefined}>{text}</span>
    </span>
  );
}

/**
 * Where a log view reads its entries: the whole operate log (tenant administrators: detail from
 * the server, delete) or one module's part of it (a fixed module: its filter hidden, read only).
 */
export interface OperateLogSource {
  /** The card's title (a text key). */
  title: string;
  /** The module every entry is of (its filter hidden); none: any module. */
  module?: string;
  useList: (variables: OperateLogVariables) => UseQueryResult<OperateLogPage>;
  fetchPage: (variables: OperateLogVariables) => Promise<OperateLogPage>;
  /** Whether entries are read one by one from the server and may be deleted. */
  manage: boolean;
}

const WHOLE_LOG: OperateLogSource = {
  title: 'route.manage.settingsOperateLog',
  useList: useFindOperateLogAll,
  fetchPage: findOperateLogAll,
  manage: true,
};

/** Operate log (`/manage/settings/operate-log`): filters, server paging, detail, delete and batch delete. */
export default function OperateLogPage() {
  return <OperateLogView source={WHOLE_LOG} />;
}

/** The operate log's filters, table, export and detail over `source`. */
export function OperateLogView({ source }: { source: OperateLogSource }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [filter, setFilter] = useState<OperateLogFilterValues>({});
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const [detailId, setDetailId] = useState<string | null>(null);
  const variables = useMemo(() => operateLogVariables(filter, page.current, page.pageSize), [filter, page]);
  const list = source.useList(variables);
  const detail = useFindOperateLog(source.manage ? detailId : null);
  const deleteOne = useDeleteOperateLog();
  const deleteMany = useDeleteOperateLogAll();

  const rows = list.data?.rows ?? [];
  // totalCount drives the pager; without it, hasNextPage opens one more page.
  const total =
    list.data?.totalCount ?? (page.current - 1) * page.pageSize + rows.length + (list.data?.hasNextPage ? 1 : 0);

  const search = (values: FormValues) => {
    setFilter(filterOf(values));
    setPage((p) => ({ ...p, current: 1 }));
    setSelected([]);
  };

  const remove = async (ids: string[]) => {
    try {
      ensureOk(ids.length === 1 ? await deleteOne.mutateAsync(ids[0]!) : await deleteMany.mutateAsync(ids));
      void message.success(t('settingsAdmin.deleted', { count: ids.length }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      if (detailId && ids.includes(detailId)) setDetailId(null);
      if (rows.length <= ids.length && page.current > 1) setPage((p) => ({ ...p, current: p.current - 1 }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const [exporting, setExporting] = useState(false);
  /** Every entry the search matches (not only the page shown) to an .xlsx, codes beside their words. */
  const exportAll = async () => {
    const key = 'operate-log-export';
    setExporting(true);
    try {
      const { rows: found, total: count } = await findAllOperateLogs(
        { filter: variables.filter, operateTime: variables.operateTime },
        (read, of) =>
          void message.open({ key, type: 'loading', content: t('settingsAdmin.log.exporting', { read, total: of }) }),
        source.fetchPage,
      );
      if (!found.length) {
        void message.open({ key, type: 'info', content: t('settingsAdmin.log.exportEmpty') });
        return;
      }
      const title = source.module ? t(source.title) : t('settingsAdmin.log.exportTitle');
      saveFile(
        exportFileName(title, new Date()),
        await workbookOf(title, operateLogExportColumns(t, currentLanguage()), found),
      );
      const truncated = found.length < count;
      void message.open({
        key,
        type: truncated ? 'warning' : 'success',
        content: truncated
          ? t('settingsAdmin.log.exportTruncated', { total: count, count: found.length })
          : t('settingsAdmin.log.exported', { count: found.length }),
      });
    } catch (err) {
      void message.open({ key, type: 'error', content: `${t('settingsAdmin.log.exportFailed')}: ${errorText(err)}` });
    } finally {
      setExporting(false);
    }
  };

  const confirmBatch = () =>
    modal.confirm({
      title: t('settingsAdmin.log.batchDeleteTitle'),
      content: t('settingsAdmin.log.batchDeleteConfirm', { count: selected.length }),
      okText: t('settingsAdmin.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove(selected),
    });

  const allColumns: DataTableColumn<OperateLog>[] = [
    { key: 'operate_time', title: t('settingsAdmin.log.time'), dataIndex: 'operate_time', width: 170 },
    {
      key: 'user',
      title: t('settingsAdmin.log.user'),
      width: 160,
      render: (_, r) => (
        <span>
          {r.operate_user_name || '-'}
          {r.operate_user_id ? <Typography.Text type="secondary"> ({r.operate_user_id})</Typography.Text> : null}
        </span>
      ),
    },
    {
      key: 'operate_module',
      title: t('settingsAdmin.log.module'),
      dataIndex: 'operate_module',
      width: 130,
      render: (v: string) => <Code kind="module" code={v} />,
    },
    {
      key: 'operate_type',
      title: t('settingsAdmin.log.type'),
      dataIndex: 'operate_type',
      width: 120,
      render: (v: string) => <Code kind="type" code={v} />,
    },
    {
      key: 'operate_content',
      title: t('settingsAdmin.log.content'),
      dataIndex: 'operate_content',
      render: (v: string) => <Content text={v} compact />,
    },
    { key: 'operate_object', title: t('settingsAdmin.log.object'), dataIndex: 'operate_object', defaultHidden: true },
    { key: 'id_address', title: t('settingsAdmin.log.ip'), dataIndex: 'id_address', width: 130 },
    {
      key: 'actions',
      title: t('settingsAdmin.actions'),
      width: source.manage ? 140 : 80,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetailId(r.id)}>
            {t('settingsAdmin.detail')}
          </Button>
          {source.manage ? (
            <Popconfirm
              title={t('settingsAdmin.log.deleteConfirm')}
              okText={t('settingsAdmin.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => remove([r.id])}
            >
              <Button type="link" size="small" danger>
                {t('settingsAdmin.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  // a fixed module: every entry is of it, no column for it; where from beside who, before the long content
  const columns = source.module
    ? allColumns
        .filter((c) => c.key !== 'operate_module' && c.key !== 'id_address')
        .flatMap((c) => (c.key === 'user' ? [c, allColumns.find((x) => x.key === 'id_address')!] : [c]))
    : allColumns;

  const shown = source.manage ? detail.data : rows.find((r) => r.id === detailId);
  return (
    <Card title={t(source.title)}>
      <Form<FormValues> form={form} className="yy-filter-form" layout="inline" onFinish={search}>
        <Form.Item name="user" label={t('settingsAdmin.log.user')}>
          <Input allowClear placeholder={t('settingsAdmin.log.userPlaceholder')} style={{ width: 180 }} />
        </Form.Item>
        {source.module ? null : (
          <Form.Item name="module" label={t('settingsAdmin.log.module')}>
            <CodeSelect kind="module" width={160} />
          </Form.Item>
        )}
        <Form.Item name="type" label={t('settingsAdmin.log.type')}>
          <CodeSelect kind="type" width={160} />
        </Form.Item>
        <Form.Item name="range" label={t('settingsAdmin.log.timeRange')}>
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            format={TIME_FORMAT}
            placeholder={[t('settingsAdmin.log.start'), t('settingsAdmin.log.end')]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('settingsAdmin.search')}
            </Button>
            <Button
              htmlType="button"
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('settingsAdmin.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <DataTable<OperateLog>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowSelection={
          source.manage ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined
        }
        toolbar={
          <Space wrap>
            {source.manage ? (
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={confirmBatch}>
                {t('settingsAdmin.batchDelete')}
                {selected.length ? ` (${selected.length})` : ''}
              </Button>
            ) : null}
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll()}>
              {t('settingsAdmin.log.export')}
            </Button>
          </Space>
        }
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total,
          showSizeChanger: true,
          showTotal: (n) => t('settingsAdmin.total', { count: n }),
        }}
        onChange={(p) => setPage({ current: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
      />
      <Drawer
        open={detailId !== null}
        onClose={() => setDetailId(null)}
        title={t('settingsAdmin.log.detailTitle')}
        size="large"
      >
        {detail.isFetching && !shown ? (
          <Spin />
        ) : shown ? (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('settingsAdmin.log.time')}>{shown.operate_time}</Descriptions.Item>
            <Descriptions.Item label={t('settingsAdmin.log.account')}>{shown.operate_user_id}</Descriptions.Item>
            <Descriptions.Item label={t('settingsAdmin.log.userName')}>{shown.operate_user_name}</Descriptions.Item>
            <Descriptions.Item label={t('settingsAdmin.log.ip')}>{shown.id_address}</Descriptions.Item>
            <Descriptions.Item label={t('settingsAdmin.log.module')}>
              {codeWord('module', shown.operate_module, currentLanguage())}{' '}
              <Typography.Text type="secondary">({shown.operate_module})</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('settingsAdmin.log.type')}>
              {codeWord('type', shown.operate_type, currentLanguage())}{' '}
              <Typography.Text type="secondary">({shown.operate_type})</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('settingsAdmin.log.object')}>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{shown.operate_object}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('settingsAdmin.log.content')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
                <Content text={shown.operate_content} />
              </Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">{t('settingsAdmin.log.notFound')}</Typography.Text>
        )}
        {shown && source.manage ? (
          <Popconfirm
            title={t('settingsAdmin.log.deleteConfirm')}
            okText={t('settingsAdmin.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => remove([shown.id])}
          >
            <Button danger style={{ marginTop: 16 }} icon={<DeleteOutlined />}>
              {t('settingsAdmin.delete')}
            </Button>
          </Popconfirm>
        ) : null}
      </Drawer>
    </Card>
  );
}
