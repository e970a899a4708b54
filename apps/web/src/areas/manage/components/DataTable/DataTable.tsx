import { Alert, Button, Table, type TableColumnType, type TableProps } from 'antd';
import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ColumnSettingsPanel } from './ColumnSettingsPanel.tsx';
import { ResizableHeaderCell, type ResizeProps } from './ResizableHeaderCell.tsx';
import {
  INDEX_COLUMN_WIDTH,
  applySettings,
  isCustomised,
  mergeSettings,
  moveBy,
  readStored,
  reorder,
  setVisible,
  setWidth,
  storageKeyOf,
  writeStored,
  type ColumnDefault,
  type ColumnSetting,
} from './columnSettings.ts';
import { errorText } from '../../operation-result.ts';
import './data-table.css';

/** A column of a data table: a stable `key` (stored choices refer to it) and a title. */
export type DataTableColumn<T> = Omit<TableColumnType<T>, 'key' | 'title' | 'hidden'> & {
  key: string;
  title: ReactNode;
  /** Plain-text name for the column panel's labels when `title` is not a string. */
  label?: string;
  /** Hidden until the user shows it. */
  defaultHidden?: boolean;
};

export interface DataTableProps<T> extends Omit<TableProps<T>, 'columns'> {
  columns: DataTableColumn<T>[];
  /** Shows the "No." column (default true). */
  showIndex?: boolean;
  /** Distinguishes the stored choices of several tables on one page. */
  tableId?: string;
  /** Shown left of the column-settings button (actions of the list). */
  toolbar?: ReactNode;
  /**
   * The list's last load failed: with no rows, the table says so in place of "no data"; with
   * rows from before, an alert above them does. Either offers `onRetry`.
   */
  error?: unknown;
  /** Loads the list again after a failure. */
  onRetry?: () => void;
}

/** A table's failed load, with the reason and a retry, in the place its rows would be. */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="yy-data-table-failed" role="alert">
      <WarningOutlined className="yy-data-table-failed-icon" />
      <div>{t('dataTable.loadFailed')}</div>
      <div className="yy-data-table-failed-reason">{errorText(error)}</div>
      {onRetry ? (
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          {t('dataTable.retry')}
        </Button>
      ) : null}
    </div>
  );
}

const INDEX_KEY = '__index';

/**
 * What a table without rows shows for its state: nothing (only the spinner, over the body's
 * height) while loading, the failure with a retry, or `empty` (antd's own when undefined).
 * For back-office tables that are not a DataTable.
 */
export function stateEmptyText({
  loading,
  error,
  onRetry,
  empty,
}: {
  loading: TableProps['loading'];
  error?: unknown;
  onRetry?: () => void;
  empty?: ReactNode | (() => ReactNode);
}): ReactNode | (() => ReactNode) {
  const busy = typeof loading === 'object' ? loading.spinning !== false : Boolean(loading);
  if (busy) return <div className="yy-data-table-pending" aria-busy="true" />;
  if (error) return <LoadFailed error={error} onRetry={onRetry} />;
  return empty;
}

/**
 * antd Table with an index column and user-customisable columns (spec 2.6): order, visibility
 * and widths are chosen in a panel or by dragging header edges, and kept per route path.
 * Loading, empty and failed read differently: while loading, the spinner stands over a blank
 * body (never "no data" before the first answer); a failure shows its reason and a retry.
 */
export function DataTable<T extends object>({
  columns,
  showIndex = true,
  tableId,
  toolbar,
  pagination,
  onChange,
  components,
  scroll,
  loading,
  locale,
  error,
  onRetry,
  ...rest
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const storageKey = storageKeyOf(pathname, tableId);
  const defaults = useMemo<ColumnDefault[]>(
    () =>
      columns.map((c) => ({
        key: c.key,
        ...(typeof c.width === 'number' ? { width: c.width } : {}),
        ...(c.defaultHidden ? { hidden: true } : {}),
      })),
    [columns],
  );
  const defaultsSignature = JSON.stringify(defaults);
  const [state, setState] = useState(() => ({
    key: storageKey,
    signature: defaultsSignature,
    settings: mergeSettings(defaults, readStored(storageKey)),
  }));
  let settings = state.settings;
  if (state.key !== storageKey || state.signature !== defaultsSignature) {
    // Another path or another set of columns: start again from what is stored for it.
    settings = mergeSettings(defaults, readStored(storageKey));
    setState({ key: storageKey, signature: defaultsSignature, settings });
  }
  const [liveWidth, setLiveWidth] = useState<{ key: string; width: number } | null>(null);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });

  const commit = (next: ColumnSetting[]) => {
    setState({ key: storageKey, signature: defaultsSignature, settings: next });
    writeStored(storageKey, next);
  };
  const reset = () => {
    setState({ key: storageKey, signature: defaultsSignature, settings: mergeSettings(defaults, null) });
    writeStored(storageKey, null);
  };

  const names = new Map(columns.map((c) => [c.key, c.label ?? (typeof c.title === 'string' ? c.title : c.key)]));
  const titles = new Map(columns.map((c) => [c.key, c.title]));
  const shown = applySettings(columns, settings).map((c): TableColumnType<T> => {
    const width = liveWidth?.key === c.key ? liveWidth.width : typeof c.width === 'number' ? c.width : undefined;
    const { label: _label, defaultHidden: _hidden, onHeaderCell, ...column } = c;
    return {
      ...column,
      width: width ?? c.width,
      onHeaderCell: (col) => {
        const resize: ResizeProps = {
          resizeLabel: t('dataTable.resizeColumn', { name: names.get(c.key) }),
          resizeWidth: width,
          onResize: (w) => setLiveWidth({ key: c.key, width: w }),
          onResizeEnd: (w) => {
            setLiveWidth(null);
            commit(setWidth(settings, c.key, w));
          },
        };
        return { ...onHeaderCell?.(col), ...resize } as ReturnType<NonNullable<TableColumnType<T>['onHeaderCell']>>;
      },
    };
  });

  const paging = pagination === false ? null : { ...page, ...pagination };
  const indexColumn: TableColumnType<T> = {
    key: INDEX_KEY,
    title: t('dataTable.index'),
    width: INDEX_COLUMN_WIDTH,
    align: 'center',
    className: 'yy-index-col',
    render: (_value, _record, index) =>
      paging ? ((paging.current ?? 1) - 1) * (paging.pageSize ?? 10) + index + 1 : index + 1,
  };

  const hasRows = (rest.dataSource?.length ?? 0) > 0;
  const emptyText = stateEmptyText({ loading, error, onRetry, empty: locale?.emptyText });

  return (
    <div className="yy-data-table">
      <div className="yy-data-table-toolbar">
        <div className="yy-data-table-actions">{toolbar}</div>
        <ColumnSettingsPanel
          settings={settings}
          titles={titles}
          names={names}
          customised={isCustomised(settings, defaults)}
          onMove={(from, to) => commit(reorder(settings, from, to))}
          onStep={(key, step) => commit(moveBy(settings, key, step))}
          onVisible={(key, visible) => commit(setVisible(settings, key, visible))}
          onReset={reset}
        />
      </div>
      {error && hasRows ? (
        <Alert
          type="error"
          showIcon
          className="yy-data-table-alert"
          title={`${t('dataTable.refreshFailed')}: ${errorText(error)}`}
          action={
            onRetry ? (
              <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
                {t('dataTable.retry')}
              </Button>
            ) : null
          }
        />
      ) : null}
      <Table<T>
        {...rest}
        loading={loading}
        locale={{ ...locale, emptyText }}
        columns={showIndex ? [indexColumn, ...shown] : shown}
        pagination={pagination}
        scroll={scroll ?? { x: 'max-content' }}
        components={{ ...components, header: { ...components?.header, cell: ResizableHeaderCell } }}
        onChange={(next, filters, sorter, extra) => {
          setPage({ current: next.current ?? 1, pageSize: next.pageSize ?? 10 });
          onChange?.(next, filters, sorter, extra);
        }}
      />
    </div>
  );
}
