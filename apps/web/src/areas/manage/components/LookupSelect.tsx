import { LoadingOutlined } from '@ant-design/icons';
import { Select, Tooltip, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A Select whose choices come from the server (types, templates, resources): a stored value
 * reads "loading…" until its choice has arrived and "no longer exists" (the id in a tooltip)
 * when it never does, never as a raw id. `loading` is whether the choices are still coming;
 * `failed`, that they could not be loaded (the value is then unknown, not gone).
 */
export function LookupSelect<V = string>({
  labelRender,
  loading,
  failed,
  value,
  ...props
}: SelectProps<V> & { failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Select<V>
      {...props}
      // Forms keep "none" as an empty string: that is no choice (the placeholder), not a missing one.
      value={(value as unknown) === '' ? undefined : value}
      loading={loading}
      labelRender={(item) => {
        if (item.label !== undefined && item.label !== null) return labelRender ? labelRender(item) : item.label;
        if (loading) {
          return (
            <span className="yy-lookup-pending" aria-busy="true">
              <LoadingOutlined /> {t('common.loading')}
            </span>
          );
        }
        return (
          <Tooltip title={String(item.value)}>
            <span className="yy-lookup-missing">{t(failed ? 'manage.choicesFailed' : 'manage.choiceMissing')}</span>
          </Tooltip>
        );
      }}
    />
  );
}
