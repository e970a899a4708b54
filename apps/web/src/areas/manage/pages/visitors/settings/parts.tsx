import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFindVisitorAreaResourcesAll } from '../../../../../features/visitors-admin/settings/findVisitorAreaResourcesAll.ts';
import { pick } from '../../../../../lib/i18n.ts';

/** Comma separated ids <-> a list, as the server stores area ids and accounts. */
export const idsOf = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A 0/1 flag as a boolean and back. */
export const on = (flag: number | null | undefined) => flag === 1;
export const flagOf = (value: boolean | undefined) => (value ? 1 : 0);

/** The visitor types' names (the server's are used where it sends them). */
export const VISITOR_TYPE_NAMES: Record<string, { zh: string; en: string }> = {
  '1': { zh: '访客申请', en: 'Visitor application' },
  '2': { zh: '邀约访客', en: 'Host invitation' },
  '3': { zh: '预约随行访客', en: 'Guest of a booking' },
};

/** An antd form control choosing visitor areas (value: ids). */
export function AreaSelect({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  id?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const areas = useFindVisitorAreaResourcesAll();
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      value={value}
      onChange={onChange}
      loading={areas.isLoading}
      placeholder={placeholder ?? t('visitorsSettings.areasPlaceholder')}
      optionFilterProp="label"
      status={areas.isError ? 'error' : undefined}
      options={(areas.data ?? []).map((a) => ({
        value: a.id,
        label: [pick(a.resources_name, a.resources_name_en), a.campus_name].filter(Boolean).join(' · '),
      }))}
    />
  );
}
