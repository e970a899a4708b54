import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFindCodeItemsAll } from '../../../../../features/code-tables/api/findCodeItemsAll.ts';
import type { CodeItem } from '../../../../../features/code-tables/api/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { LookupSelect } from '../../../components/LookupSelect.tsx';

/** Roots of a code table's items (an item whose parent is its own name, or empty). */
function rootsOf(items: readonly CodeItem[]): CodeItem[] {
  return items.filter((i) => !i.item_parent || i.item_parent === i.item_name);
}

const optionsOf = (items: readonly CodeItem[]) =>
  items.map((i) => ({ value: i.item_code, label: pick(i.item_name, i.item_name_en) }));

/** Campuses of the yy_campus code table. */
export function useCampuses() {
  const q = useFindCodeItemsAll({ code: 'yy_campus' });
  return { ...q, items: rootsOf(q.data ?? []) };
}

/** Buildings of a campus: the yy_building items under that campus's root. */
export function useBuildings(campus: string | undefined) {
  const q = useFindCodeItemsAll({ code: 'yy_building', item_parent: campus ?? '' }, Boolean(campus));
  return { ...q, items: campus ? (q.data ?? []).filter((i) => i.item_parent === campus) : [] };
}

/** Floors of the yy_floor code table: those under the building when it has any, else the roots. */
export function useFloors(building: string | undefined) {
  const q = useFindCodeItemsAll({ code: 'yy_floor' });
  const all = q.data ?? [];
  const under = building ? all.filter((i) => i.item_parent === building) : [];
  return { ...q, items: under.length > 0 ? under : rootsOf(all) };
}

/**
 * Campus, building and floor from the code tables, cascaded: a campus narrows the buildings;
 * the picked items' names are kept with their codes (hidden fields).
 */
export function LocationFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const campus = Form.useWatch('campus_code', form) as string | undefined;
  const building = Form.useWatch('building_code', form) as string | undefined;
  const campuses = useCampuses();
  const buildings = useBuildings(campus);
  const floors = useFloors(building);

  const setNames = (prefix: 'campus' | 'building' | 'floor', items: CodeItem[], code: string | undefined) => {
    const item = items.find((i) => i.item_code === code);
    form.setFieldsValue({
      [`${prefix}_name`]: item?.item_name ?? '',
      [`${prefix}_name_en`]: item?.item_name_en ?? '',
    });
  };

  return (
    <Space wrap size="large" align="start">
      <Form.Item name="campus_code" label={t('resources.field.campus')}>
        <LookupSelect
          allowClear
          style={{ width: 200 }}
          loading={campuses.isFetching}
          failed={campuses.isError}
          placeholder={t('resources.placeholder.pick')}
          options={optionsOf(campuses.items)}
          onChange={(code: string | undefined) => {
            setNames('campus', campuses.items, code);
            form.setFieldsValue({ building_code: undefined, building_name: '', building_name_en: '' });
          }}
        />
      </Form.Item>
      <Form.Item name="building_code" label={t('resources.field.building')}>
        <LookupSelect
          allowClear
          style={{ width: 200 }}
          disabled={!campus}
          loading={buildings.isFetching}
          failed={buildings.isError}
          placeholder={campus ? t('resources.placeholder.pick') : t('resources.placeholder.campusFirst')}
          options={optionsOf(buildings.items)}
          onChange={(code: string | undefined) => setNames('building', buildings.items, code)}
        />
      </Form.Item>
      <Form.Item name="floor_code" label={t('resources.field.floor')}>
        <LookupSelect
          allowClear
          style={{ width: 160 }}
          loading={floors.isFetching}
          failed={floors.isError}
          placeholder={t('resources.placeholder.pick')}
          options={optionsOf(floors.items)}
          onChange={(code: string | undefined) => setNames('floor', floors.items, code)}
        />
      </Form.Item>
      {(['campus', 'building', 'floor'] as const).flatMap((p) => [
        <Form.Item key={`${p}_name`} name={`${p}_name`} hidden>
          <Input />
        </Form.Item>,
        <Form.Item key={`${p}_name_en`} name={`${p}_name_en`} hidden>
          <Input />
        </Form.Item>,
      ])}
    </Space>
  );
}
