import { Alert, Form, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFindCodeItemsAll } from '../../../../../features/code-tables/api/findCodeItemsAll.ts';
import type { ResourcesTypeExtendedProperty } from '../../../../../features/resource-types/api/types.ts';
import { useResourcesType } from '../../../../../features/resource-types/api/findResourcesType.ts';
import { orphanValues, type ResourceExtendedProperty } from '../../../../../features/resources/extended.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { LookupSelect } from '../../../components/LookupSelect.tsx';

/** The type's extended properties, in their order. */
export function useTypeProperties(typeId: string | undefined) {
  const type = useResourcesType(typeId);
  const properties = [...(type.data?.extendedProperties ?? [])].sort((a, b) => (a.order_num ?? 0) - (b.order_num ?? 0));
  return { ...type, properties, codes: type.data ? properties.map((p) => p.extended_properties_code) : undefined };
}

/** The items of one property's code table to pick from (several may be picked). */
function PropertyValues({ property }: { property: ResourcesTypeExtendedProperty }) {
  const { t } = useTranslation();
  const code = property.extended_properties_code;
  const items = useFindCodeItemsAll({ code });
  const form = Form.useFormInstance();
  const picked = (Form.useWatch(['extended', code], form) as string[] | undefined) ?? [];
  const options = (items.data ?? [])
    .filter((i) => i.code === code)
    .map((i) => ({ value: i.item_code, label: pick(i.item_name, i.item_name_en) || i.item_code }));
  // An item removed from the code table since it was picked still shows (by its code).
  for (const p of picked) if (!options.some((o) => o.value === p)) options.push({ value: p, label: p });
  const name = property.extended_properties_name || code;
  return (
    <Form.Item name={['extended', code]} label={name} extra={property.code_description || undefined}>
      <LookupSelect
        mode="multiple"
        allowClear
        aria-label={name}
        style={{ width: '100%', maxWidth: 560 }}
        loading={items.isFetching}
        failed={items.isError}
        placeholder={t('resources.placeholder.pick')}
        showSearch={{ optionFilterProp: 'label' }}
        options={options}
        notFoundContent={items.isFetching ? <Spin size="small" /> : t('resources.extended.noItems', { code })}
      />
    </Form.Item>
  );
}

/**
 * Values of the resource type's extended properties: for each property, items of its code
 * table. Stored values of properties the type no longer has are listed: saving removes them.
 */
export function ExtendedPropertiesField({
  typeId,
  stored,
}: {
  typeId: string | undefined;
  stored: readonly ResourceExtendedProperty[] | null | undefined;
}) {
  const { t } = useTranslation();
  const type = useTypeProperties(typeId);
  const orphans = type.codes ? orphanValues(stored, type.codes) : [];
  return (
    <div className="yy-resource-section" data-testid="extended-properties">
      <Typography.Title level={5}>{t('resources.extended.title')}</Typography.Title>
      <Typography.Paragraph type="secondary" className="yy-rule-hint">
        {t('resources.extended.hint')}
      </Typography.Paragraph>
      {!typeId ? (
        <Typography.Text type="secondary">{t('resources.extended.typeFirst')}</Typography.Text>
      ) : type.isPending ? (
        <Spin size="small" />
      ) : type.properties.length === 0 ? (
        <Typography.Text type="secondary">{t('resources.extended.none')}</Typography.Text>
      ) : (
        type.properties.map((p) => <PropertyValues key={p.extended_properties_code} property={p} />)
      )}
      {orphans.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          className="yy-resource-alert"
          title={t('resources.extended.orphans', {
            values: orphans
              .map((v) => `${v.extended_properties_name || v.extended_properties_code}: ${v.item_name || v.item_code}`)
              .join('; '),
          })}
        />
      ) : null}
    </div>
  );
}
