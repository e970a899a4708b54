import { Typography, type TablePaginationConfig } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAppointments } from '../../../../features/appointments-admin/api/findAppointmentInformationAllForAppointMent.ts';
import {
  adminBookingVariables,
  type AdminBookingFilters,
} from '../../../../features/appointments-admin/listVariables.ts';
import { errorText } from '../../operation-result.ts';

/**
 * A paged, searchable list of the tenant's bookings: the search's filters, the page, the
 * rows, the table's pager and the load failure to show above it.
 */
export function useBookingPages(initial: AdminBookingFilters) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AdminBookingFilters>(initial);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const variables = useMemo(() => adminBookingVariables(filters, page.current, page.pageSize), [filters, page]);
  const list = useAdminAppointments(variables);
  const rows = useMemo(() => list.data?.edges.map((e) => e.node) ?? [], [list.data]);

  const search = (next: AdminBookingFilters) => {
    setFilters(next);
    setPage((p) => ({ ...p, current: 1 }));
  };
  const pagination: TablePaginationConfig = {
    current: page.current,
    pageSize: page.pageSize,
    total: list.data?.totalCount ?? 0,
    showSizeChanger: true,
    showTotal: (count) => t('appointments.message.total', { count }),
    onChange: (current, pageSize) => setPage({ current, pageSize }),
  };
  const loadError = list.error ? (
    <Typography.Text type="danger" role="alert">
      {t('appointments.message.loadFailed')}: {errorText(list.error)}
    </Typography.Text>
  ) : null;
  return { variables, list, rows, page, setPage, search, pagination, loadError };
}
