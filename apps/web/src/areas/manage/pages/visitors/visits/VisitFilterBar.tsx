import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useVisitorCategoryConfig } from '../../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import type { AdminVisitFilters } from '../../../../../features/visitors-admin/visits/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { dateRangeFromSearch } from '../../../../../lib/url-dates.ts';

interface FormValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  area?: string;
  state?: string;
  visitorType?: string;
  host?: string;
  visitorName?: string;
}

const DATE = 'YYYY-MM-DD';
/** Visit states (docs/GLOSSARY.md): 0 awaiting the host ... 5 awaiting the visitor's registration. */
export const VISIT_STATES = ['0', '1', '2', '3', '4', '5'] as const;
export const VISITOR_TYPES = ['1', '2', '3'] as const;

function toFilters(v: FormValues): AdminVisitFilters {
  const [from, to] = v.range ?? [];
  const out: AdminVisitFilters = {};
  if (from || to) out.dates = [(from ?? to)!.format(DATE), (to ?? from)!.format(DATE)];
  if (v.area) out.area = v.area;
  if (v.state) out.state = v.state;
  if (v.visitorType) out.visitorType = v.visitorType;
  if (v.host?.trim()) out.host = v.host.trim();
  if (v.visitorName?.trim()) out.visitorName = v.visitorName.trim();
  return out;
}

/**
 * A search given in the page's URL (`?from=&to=&state=&area=`: the back-office home's cards link
 * to the visits they count); what is not a date, a known state or an id is left out.
 */
export function visitFiltersFromSearch(params: URLSearchParams): AdminVisitFilters {
  const out: AdminVisitFilters = {};
  const dates = dateRangeFromSearch(params);
  if (dates) out.dates = dates;
  const state = params.get('state');
  if (state && (VISIT_STATES as readonly string[]).includes(state)) out.state = state;
  const area = params.get('area');
  if (area && /^[\w-]{1,64}$/.test(area)) out.area = area;
  return out;
}

function toFormValues(f: AdminVisitFilters): FormValues {
  return {
    range: f.dates ? [dayjs(f.dates[0]), dayjs(f.dates[1])] : undefined,
    area: f.area,
    state: f.state,
    visitorType: f.visitorType,
    host: f.host,
    visitorName: f.visitorName,
  };
}

/**
 * The visits' search bar: visit dates, area, state, visitor type (not on the invitations page,
 * whose type is fixed), host or inviter (name or account) and visitor name.
 */
export function VisitFilterBar({
  initial,
  onSearch,
  withType = true,
  hostLabel,
}: {
  /** The search the list starts with (from the URL). */
  initial?: AdminVisitFilters;
  onSearch: (f: AdminVisitFilters) => void;
  withType?: boolean;
  hostLabel?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const config = useVisitorCategoryConfig();
  const f = (key: string) => t(`visitorsVisits.field.${key}`);
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      className="yy-filter-bar"
      initialValues={initial ? toFormValues(initial) : undefined}
      onFinish={(v) => onSearch(toFilters(v))}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      <Form.Item name="range" label={f('dates')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} aria-label={f('dates')} />
      </Form.Item>
      <Form.Item name="area" label={f('area')}>
        <Select
          allowClear
          style={{ width: 180 }}
          aria-label={f('area')}
          loading={config.isLoading}
          placeholder={t('visitorsVisits.filter.all')}
          options={(config.data?.areas ?? []).map((a) => ({
            value: a.id,
            label: pick(a.resources_name, a.resources_name_en),
          }))}
        />
      </Form.Item>
      <Form.Item name="state" label={f('state')}>
        <Select
          allowClear
          style={{ width: 170 }}
          aria-label={f('state')}
          placeholder={t('visitorsVisits.filter.all')}
          options={VISIT_STATES.map((s) => ({ value: s, label: t(`visitorsVisits.state.${s}`) }))}
        />
      </Form.Item>
      {withType ? (
        <Form.Item name="visitorType" label={f('visitorType')}>
          <Select
            allowClear
            style={{ width: 150 }}
            aria-label={f('visitorType')}
            placeholder={t('visitorsVisits.filter.all')}
            options={VISITOR_TYPES.map((s) => ({ value: s, label: t(`visitorsVisits.type.${s}`) }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="host" label={hostLabel ?? f('host')}>
        <Input allowClear style={{ width: 150 }} placeholder={t('visitorsVisits.filter.hostHint')} />
      </Form.Item>
      <Form.Item name="visitorName" label={f('visitorName')}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('visitorsVisits.action.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('visitorsVisits.action.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
