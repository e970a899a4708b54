export { DataTable, stateEmptyText, type DataTableColumn, type DataTableProps } from './DataTable.tsx';
