import { Tooltip, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResourcesTypeAll } from '../../../../features/resource-types/api/findResourcesTypeAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import { LookupSelect } from '../../components/LookupSelect.tsx';

/** Picks one of the tenant's resource types (its id is the value), by name in the current language. */
export function ResourceTypeInput(props: Omit<SelectProps<string>, 'options' | 'loading'>) {
  const { t } = useTranslation();
  const types = useResourcesTypeAll();
  return (
    <LookupSelect<string>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('settingsAdmin.resourceTypePlaceholder')}
      loading={types.isPending}
      failed={types.isError}
      notFoundContent={types.error ? types.error.message : undefined}
      options={(types.data ?? []).map((type) => ({
        value: type.id,
        label: pick(type.resources_name, type.resources_name_en),
      }))}
      {...props}
    />
  );
}

/**
 * A resource type's name in the current language, from its id: a dash for none, "…" while the
 * types load, "no longer exists" (id in a tooltip) for a type that is gone. Lists share one query.
 */
export function ResourceTypeName({ id }: { id: string }) {
  const { t } = useTranslation();
  const types = useResourcesTypeAll();
  if (!id) return <span>—</span>;
  const type = types.data?.find((ty) => ty.id === id);
  if (type) return <span title={id}>{pick(type.resources_name, type.resources_name_en)}</span>;
  if (types.isPending) return <span aria-busy="true">…</span>;
  return (
    <Tooltip title={id}>
      <span className="yy-lookup-missing">{t(types.isError ? 'manage.choicesFailed' : 'manage.choiceMissing')}</span>
    </Tooltip>
  );
}
