import { pick } from '../../../lib/i18n.ts';
import type { ExportColumn } from '../../appointments-admin/export.ts';
import type { AdminVisit } from './types.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The visits' export columns in the current language. Phone numbers go out as the list shows
 * them: masked (whole numbers are only for a detail asked whole, which the server logs).
 */
export function visitExportColumns(t: Translate, invitations = false): ExportColumn<AdminVisit>[] {
  const f = (key: string) => t(`visitorsVisits.field.${key}`);
  return [
    { header: f('visitorName'), width: 14, value: (v) => v.visitor_name ?? '' },
    { header: f('phone'), width: 14, value: (v) => v.phone ?? '' },
    ...(invitations
      ? []
      : [
          {
            header: f('visitorType'),
            width: 12,
            value: (v: AdminVisit) => t(`visitorsVisits.type.${v.visitor_type ?? '1'}`),
          },
        ]),
    { header: f('date'), width: 12, value: (v) => v.in_school_date ?? '' },
    { header: f('area'), width: 24, value: (v) => pick(v.in_school_area_name, v.in_school_area_name_en) },
    { header: f('party'), width: 8, value: (v) => 1 + (v.peers ?? 0) + (v.in_child ?? 0) },
    { header: f('reason'), width: 20, value: (v) => v.in_school_reason ?? '' },
    { header: f('host'), width: 14, value: (v) => v.accept_visit_name ?? '' },
    { header: f('createdBy'), width: 14, value: (v) => v.created_user_name ?? '' },
    { header: f('state'), width: 12, value: (v) => pick(v.state_name, v.state_name_en) },
    { header: f('rejectReason'), width: 20, value: (v) => v.reject_reason ?? '' },
    { header: f('plate'), width: 12, value: (v) => (v.is_car ? (v.car_card_number ?? '') : '') },
    { header: f('createTime'), width: 19, value: (v) => v.create_time ?? '' },
  ];
}
