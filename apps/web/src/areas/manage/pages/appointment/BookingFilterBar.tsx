import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AdminBookingFilters } from '../../../../features/appointments-admin/listVariables.ts';
import { BOOKING_STATUSES, type BookingStatus } from '../../../../features/appointments-admin/status.ts';
import { useResourceTypeOptions } from '../../components/filters/useResourceTypeOptions.ts';
import { useDepartments } from '../../../../features/directory/api/departments.ts';
import { useResourcesForPicker } from '../../../../features/occupancy/api/findResourcesAll.ts';
import { pick } from '../../../../lib/i18n.ts';

export interface FilterFormValues {
  resources_type_id?: string;
  resources_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  status?: BookingStatus;
  audit_status?: string;
  booker?: string;
  dept_code?: string;
}

const DATE = 'YYYY-MM-DD';

export function toFilters(v: FilterFormValues): AdminBookingFilters {
  const [from, to] = v.range ?? [];
  const booker = v.booker?.trim();
  return {
    ...(v.resources_type_id ? { resources_type_id: v.resources_type_id } : {}),
    ...(v.resources_id ? { resources_id: v.resources_id } : {}),
    ...(from ? { from: from.format(DATE) } : {}),
    ...(to ? { to: to.format(DATE) } : {}),
    ...(v.status ? { status: v.status } : {}),
    ...(v.audit_status ? { audit_status: v.audit_status } : {}),
    ...(booker ? { booker } : {}),
    ...(v.dept_code ? { dept_code: v.dept_code } : {}),
  };
}

export function toFormValues(f: AdminBookingFilters): FilterFormValues {
  return {
    resources_type_id: f.resources_type_id,
    resources_id: f.resources_id,
    range: f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null,
    status: f.status,
    audit_status: f.audit_status,
    booker: f.booker,
    dept_code: f.dept_code,
  };
}

/** Filters given in the address (`?resources_id=&from=&to=&status=&booker=&dept_code=`), e.g. from the statistics page. */
export function filtersFromSearch(params: URLSearchParams): AdminBookingFilters {
  const status = params.get('status');
  const date = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  const out: AdminBookingFilters = {};
  for (const key of ['resources_type_id', 'resources_id', 'audit_status', 'booker', 'dept_code'] as const) {
    const v = params.get(key);
    if (v) out[key] = v;
  }
  if (date(params.get('from'))) out.from = date(params.get('from'));
  if (date(params.get('to'))) out.to = date(params.get('to'));
  if (status && (BOOKING_STATUSES as readonly string[]).includes(status)) out.status = status as BookingStatus;
  return out;
}

/** Statuses one can search for ("ended" is "to be performed" whose time has passed: not a server filter). */
const SEARCHABLE: BookingStatus[] = [
  'pending',
  'inBallot',
  'upcoming',
  'performed',
  'noShow',
  'cancelled',
  'rejected',
  'terminated',
];

/**
 * The bookings' search bar: resource type, resource (of the chosen type), date range, booker
 * (part of the account or name), the booker's department and, for the bookings list, status and
 * approval.
 */
export function BookingFilterBar({
  initial,
  withStatus,
  onSearch,
}: {
  initial: AdminBookingFilters;
  withStatus: boolean;
  onSearch: (filters: AdminBookingFilters) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterFormValues>();
  const resources = useResourcesForPicker();
  const types = useResourceTypeOptions(resources.data);
  const departments = useDepartments();
  const typeId = Form.useWatch('resources_type_id', form) ?? initial.resources_type_id;
  return (
    <Form<FilterFormValues>
      form={form}
      name="bookingFilter"
      layout="inline"
      className="yy-booking-filters"
      initialValues={toFormValues(initial)}
      onFinish={(v) => onSearch(toFilters(v))}
      onValuesChange={(changed) => {
        if ('resources_type_id' in changed) form.setFieldValue('resources_id', undefined);
      }}
    >
      <Form.Item name="resources_type_id" label={t('appointments.field.resourceType')}>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('appointments.placeholder.allTypes')}
          loading={types.loading}
          options={types.options}
        />
      </Form.Item>
      <Form.Item name="resources_id" label={t('appointments.field.resource')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          placeholder={t('appointments.placeholder.allResources')}
          loading={resources.isFetching}
          options={(resources.data ?? [])
            .filter((r) => !typeId || r.resources_type_id === typeId)
            .map((r) => ({ value: r.id, label: pick(r.resources_name, r.resources_name_en) }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('appointments.field.dateRange')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          format={DATE}
          style={{ width: 250 }}
          placeholder={[t('appointments.placeholder.start'), t('appointments.placeholder.end')]}
        />
      </Form.Item>
      <Form.Item name="booker" label={t('appointments.field.booker')}>
        <Input allowClear style={{ width: 150 }} maxLength={50} placeholder={t('appointments.placeholder.booker')} />
      </Form.Item>
      <Form.Item name="dept_code" label={t('appointments.field.bookerDept')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 170 }}
          placeholder={t('appointments.placeholder.allDepts')}
          loading={departments.isFetching}
          options={(departments.data ?? []).filter((d) => d.code).map((d) => ({ value: d.code, label: d.name }))}
        />
      </Form.Item>
      {withStatus ? (
        <>
          <Form.Item name="status" label={t('appointments.field.status')}>
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('appointments.placeholder.all')}
              options={SEARCHABLE.map((s) => ({ value: s, label: t(`appointments.status.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="audit_status" label={t('appointments.field.audit')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('appointments.placeholder.all')}
              options={['0', '1', '2', '3'].map((s) => ({ value: s, label: t(`appointments.audit.${s}`) }))}
            />
          </Form.Item>
        </>
      ) : null}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('appointments.action.search')}
          </Button>
          <Button
            htmlType="button"
            icon={<ReloadOutlined />}
            onClick={() => {
              form.setFieldsValue({
                resources_type_id: undefined,
                resources_id: undefined,
                range: null,
                status: undefined,
                audit_status: undefined,
                booker: undefined,
                dept_code: undefined,
              });
              onSearch({});
            }}
          >
            {t('appointments.action.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
