import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  SIGN_STATE_FILTERS,
  type SignListFilters,
  type SignStateFilter,
} from '../../../../features/checkin-admin/signListVariables.ts';
import { useResourceTypeOptions } from '../../components/filters/useResourceTypeOptions.ts';
import { useResourcesForPicker } from '../../../../features/occupancy/api/findResourcesAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import { SearchButtons } from './listParts.tsx';

export interface SignFilterValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  resources_type_id?: string;
  resources_id?: string;
  signState?: SignStateFilter;
  keyword?: string;
}

const DATE = 'YYYY-MM-DD';

/** The bar's values as the list's filters. */
export function toSignFilters(v: SignFilterValues): SignListFilters {
  const [from, to] = v.range ?? [];
  return {
    ...(from && to ? { from: from.format(DATE), to: to.format(DATE) } : {}),
    ...(v.resources_type_id ? { resources_type_id: v.resources_type_id } : {}),
    ...(v.resources_id ? { resources_id: v.resources_id } : {}),
    ...(v.signState ? { signState: v.signState } : {}),
    ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
  };
}

function toFormValues(f: SignListFilters): SignFilterValues {
  return {
    range: f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null,
    resources_type_id: f.resources_type_id,
    resources_id: f.resources_id,
    signState: f.signState,
    keyword: f.keyword,
  };
}

/**
 * The check-in list's search bar: date range, resource type, resource (of the chosen type),
 * sign state and the booker's account or name. Reset goes back to `initial` (today).
 */
export function SignFilterBar({
  initial,
  onSearch,
}: {
  initial: SignListFilters;
  onSearch: (filters: SignListFilters) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignFilterValues>();
  const resources = useResourcesForPicker();
  const types = useResourceTypeOptions(resources.data);
  const typeId = Form.useWatch('resources_type_id', form) ?? initial.resources_type_id;
  return (
    <Form<SignFilterValues>
      form={form}
      name="signFilter"
      layout="inline"
      className="yy-sign-filters"
      initialValues={toFormValues(initial)}
      onFinish={(v) => onSearch(toSignFilters(v))}
      onValuesChange={(changed) => {
        if ('resources_type_id' in changed) form.setFieldValue('resources_id', undefined);
      }}
    >
      <Form.Item name="range" label={t('checkinAdmin.field.dateRange')}>
        <DatePicker.RangePicker
          format={DATE}
          style={{ width: 250 }}
          placeholder={[t('checkinAdmin.placeholder.start'), t('checkinAdmin.placeholder.end')]}
        />
      </Form.Item>
      <Form.Item name="resources_type_id" label={t('checkinAdmin.field.resourceType')}>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('checkinAdmin.placeholder.all')}
          loading={types.loading}
          options={types.options}
        />
      </Form.Item>
      <Form.Item name="resources_id" label={t('checkinAdmin.field.resource')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          placeholder={t('checkinAdmin.placeholder.all')}
          loading={resources.isFetching}
          options={(resources.data ?? [])
            .filter((r) => !typeId || r.resources_type_id === typeId)
            .map((r) => ({ value: r.id, label: pick(r.resources_name, r.resources_name_en) }))}
        />
      </Form.Item>
      <Form.Item name="signState" label={t('checkinAdmin.field.signState')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('checkinAdmin.placeholder.all')}
          options={SIGN_STATE_FILTERS.map((s) => ({ value: s, label: t(`checkinAdmin.signState.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="keyword" label={t('checkinAdmin.field.keyword')}>
        <Input allowClear maxLength={100} style={{ width: 180 }} placeholder={t('checkinAdmin.placeholder.keyword')} />
      </Form.Item>
      <SearchButtons
        searchText={t('checkinAdmin.action.search')}
        resetText={t('checkinAdmin.action.reset')}
        onReset={() => {
          form.setFieldsValue({ ...toFormValues(initial), signState: undefined, keyword: undefined });
          onSearch(initial);
        }}
      />
    </Form>
  );
}
