import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepartments } from '../../../../../features/directory/api/departments.ts';
import { usePosts } from '../../../../../features/directory/api/posts.ts';
import { useUsers } from '../../../../../features/directory/api/users.ts';
import type { GrantObject } from '../../../../../features/resources/form.ts';
import type { GrantObjectType } from '../../../../../features/resources/types.ts';

interface Option {
  value: string;
  label: string;
}

const keyOf = (g: Pick<GrantObject, 'type' | 'id'>) => `${g.type}:${g.id}`;

interface BaseProps {
  /** Which kinds of objects can be picked (default departments, posts and users). */
  types?: GrantObjectType[];
  ariaLabel: string;
  placeholder?: string;
}
type Props =
  | (BaseProps & { multiple: true; value?: GrantObject[]; onChange?: (v: GrantObject[]) => void })
  | (BaseProps & { multiple?: false; value?: GrantObject | null; onChange?: (v: GrantObject | null) => void });

/**
 * Picks departments, posts and users from the directory (antd Form control). Values keep the
 * object's kind, id and name, as the resource's lists store them.
 */
export function GrantPicker(props: Props) {
  const { types = ['dept', 'post', 'user'], ariaLabel, placeholder } = props;
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const departments = useDepartments();
  const posts = usePosts();
  const users = useUsers(keyword, types.includes('user'));
  const selected: GrantObject[] = props.multiple ? (props.value ?? []) : props.value ? [props.value] : [];

  const groups = useMemo(() => {
    const known = new Map<string, GrantObject>();
    if (types.includes('dept')) {
      for (const d of departments.data ?? []) known.set(`dept:${d.id}`, { type: 'dept', id: d.id, name: d.name });
    }
    if (types.includes('post')) {
      for (const p of posts.data ?? []) known.set(`post:${p.id}`, { type: 'post', id: p.id, name: p.name });
    }
    if (types.includes('user')) {
      for (const u of users.data ?? []) {
        known.set(`user:${u.id}`, { type: 'user', id: u.id, name: u.name ? `${u.name} (${u.account})` : u.account });
      }
    }
    return known;
  }, [departments.data, posts.data, users.data, types]);

  const all = new Map(groups);
  for (const g of selected) if (!all.has(keyOf(g))) all.set(keyOf(g), g);
  const options = types
    .map((type) => ({
      label: t(`resources.grantType.${type}`),
      title: t(`resources.grantType.${type}`),
      options: [...all.values()]
        .filter((g) => g.type === type)
        .map((g): Option => ({ value: keyOf(g), label: g.name || g.id })),
    }))
    .filter((g) => g.options.length > 0);
  const objectOf = (key: string) => all.get(key)!;

  const common = {
    'aria-label': ariaLabel,
    placeholder: placeholder ?? t('resources.placeholder.pick'),
    options: types.length > 1 ? options : (options[0]?.options ?? []),
    showSearch: {
      optionFilterProp: 'label',
      onSearch: (v: string) => setKeyword(v.trim()),
    },
    allowClear: true,
    loading: departments.isFetching || posts.isFetching || users.isFetching,
    style: { width: '100%', maxWidth: 560 },
  };
  if (props.multiple) {
    return (
      <Select<string[]>
        {...common}
        mode="multiple"
        value={selected.map(keyOf)}
        onChange={(keys) => props.onChange?.(keys.map(objectOf))}
      />
    );
  }
  return (
    <Select<string>
      {...common}
      value={selected[0] ? keyOf(selected[0]) : undefined}
      onChange={(key) => props.onChange?.(key ? objectOf(key) : null)}
    />
  );
}

/** One department or post of the directory, held as its id (antd Form control). */
export function DirectoryIdPicker({
  type,
  value,
  onChange,
  ariaLabel,
}: {
  type: 'dept' | 'post';
  value?: string | null;
  onChange?: (id: string) => void;
  ariaLabel: string;
}) {
  // The picker shows the directory's name of a known id.
  return (
    <GrantPicker
      types={[type]}
      ariaLabel={ariaLabel}
      value={value ? { type, id: value, name: '' } : null}
      onChange={(g) => onChange?.(g?.id ?? '')}
    />
  );
}
