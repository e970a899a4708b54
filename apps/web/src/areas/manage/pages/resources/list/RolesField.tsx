import { Button, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDepartments } from '../../../../../features/directory/api/departments.ts';
import { usePosts } from '../../../../../features/directory/api/posts.ts';
import type { ResourceRole } from '../../../../../features/resources/types.ts';

interface Props {
  value?: ResourceRole[];
  onChange?: (value: ResourceRole[]) => void;
}

/**
 * The resource's manager roles (resourcesRoles): each row is a department, a post, or both
 * (members of that department holding that post).
 */
export function RolesField({ value, onChange }: Props) {
  const { t } = useTranslation();
  const departments = useDepartments();
  const posts = usePosts();
  const rows = value ?? [];
  const set = (i: number, patch: Partial<ResourceRole>) =>
    onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const deptOptions = (departments.data ?? [])
    .filter((d) => !d.disabled || rows.some((r) => r.dept === d.id))
    .map((d) => ({ value: d.id, label: d.name }));
  const postOptions = (posts.data ?? [])
    .filter((p) => !p.disabled || rows.some((r) => r.post === p.id))
    .map((p) => ({ value: p.id, label: p.name }));
  // A stored role whose department or post is gone still shows its stored name.
  const withStored = (options: { value: string; label: string }[], id: string, name: string) =>
    id && !options.some((o) => o.value === id) ? [...options, { value: id, label: name || id }] : options;

  return (
    <div className="yy-rule-list" data-testid="resource-roles">
      <Typography.Text type="secondary">{t('resources.roles.hint')}</Typography.Text>
      {rows.map((r, i) => (
        <Space key={r.id ?? `new-${i}`} wrap align="center">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 240 }}
            loading={departments.isFetching}
            placeholder={t('resources.roles.dept')}
            aria-label={t('resources.roles.deptOf', { n: i + 1 })}
            value={r.dept || undefined}
            options={withStored(deptOptions, r.dept, r.dept_name)}
            onChange={(id?: string, option?: unknown) =>
              set(i, {
                dept: id ?? '',
                dept_name: id ? ((option as { label?: string } | undefined)?.label ?? '') : '',
              })
            }
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            loading={posts.isFetching}
            placeholder={t('resources.roles.post')}
            aria-label={t('resources.roles.postOf', { n: i + 1 })}
            value={r.post || undefined}
            options={withStored(postOptions, r.post, r.post_name)}
            onChange={(id?: string, option?: unknown) =>
              set(i, {
                post: id ?? '',
                post_name: id ? ((option as { label?: string } | undefined)?.label ?? '') : '',
              })
            }
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('resources.roles.remove', { n: i + 1 })}
            onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...rows, { dept: '', dept_name: '', post: '', post_name: '' }])}
      >
        {t('resources.roles.add')}
      </Button>
    </div>
  );
}
