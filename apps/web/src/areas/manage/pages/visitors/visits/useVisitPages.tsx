import { Typography, type TablePaginationConfig } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  adminVisitVariables,
  useAdminVisits,
} from '../../../../../features/visitors-admin/visits/findVisitorAppointmentInformationAll.ts';
import type { AdminVisitFilters } from '../../../../../features/visitors-admin/visits/types.ts';
import { errorText } from '../../../operation-result.ts';

/**
 * A paged, searchable list of visits (of one visitor type when `visitorType`), starting from the
 * `initial` search: filters, page, rows, pager, load failure.
 */
export function useVisitPages(visitorType?: string, initial: AdminVisitFilters = {}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AdminVisitFilters>(initial);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const variables = useMemo(() => adminVisitVariables(filters, page, visitorType), [filters, page, visitorType]);
  const list = useAdminVisits(variables);
  const rows = useMemo(() => list.data?.edges.map((e) => e.node) ?? [], [list.data]);
  const search = (next: AdminVisitFilters) => {
    setFilters(next);
    setPage((p) => ({ ...p, current: 1 }));
  };
  const pagination: TablePaginationConfig = {
    current: page.current,
    pageSize: page.pageSize,
    total: list.data?.totalCount ?? 0,
    showSizeChanger: true,
    showTotal: (count) => t('visitorsVisits.message.total', { count }),
    onChange: (current, pageSize) => setPage({ current, pageSize }),
  };
  const loadError = list.error ? (
    <Typography.Text type="danger" role="alert">
      {t('visitorsVisits.message.loadFailed')}: {errorText(list.error)}
    </Typography.Text>
  ) : null;
  return { variables, list, rows, page, setPage, search, pagination, loadError };
}
