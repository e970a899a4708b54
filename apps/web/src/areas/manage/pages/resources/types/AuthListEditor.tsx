import { Alert, Button, Form, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepartments } from '../../../../../features/directory/api/departments.ts';
import { usePosts } from '../../../../../features/directory/api/posts.ts';
import { useUsers } from '../../../../../features/directory/api/users.ts';
import {
  GRANT_OBJECT_TYPES,
  type GrantObjectType,
  type ResourcesTypeAuth,
} from '../../../../../features/resource-types/api/types.ts';

interface Props {
  value?: ResourcesTypeAuth[];
  onChange?: (value: ResourcesTypeAuth[]) => void;
}

/**
 * Who may book a type: grants to departments, posts, users, or a department+post pair
 * (`triple`, id "<dept>|<post>"), picked from the directory. No grants: everyone.
 */
export function AuthListEditor({ value = [], onChange }: Props) {
  const { t } = useTranslation();
  const [type, setType] = useState<GrantObjectType>('dept');
  const [dept, setDept] = useState<string | undefined>();
  const [post, setPost] = useState<string | undefined>();
  const [user, setUser] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState('');
  const departments = useDepartments();
  const posts = usePosts();
  const users = useUsers(keyword, type === 'user');

  const deptOptions = useMemo(
    () => (departments.data ?? []).map((d) => ({ value: d.id, label: d.code ? `${d.name} (${d.code})` : d.name })),
    [departments.data],
  );
  const postOptions = useMemo(
    () => (posts.data ?? []).map((p) => ({ value: p.id, label: p.code ? `${p.name} (${p.code})` : p.name })),
    [posts.data],
  );
  const userOptions = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.account})` }));
  const nameOf = (id: string | undefined, options: { value: string; label: string }[]) =>
    options.find((o) => o.value === id)?.label ?? '';

  const add = () => {
    const needDept = type === 'dept' || type === 'triple';
    const needPost = type === 'post' || type === 'triple';
    if (needDept && !dept)
      return setError(t('resourceTypes.message.required', { field: t('resourceTypes.field.grantDept') }));
    if (needPost && !post)
      return setError(t('resourceTypes.message.required', { field: t('resourceTypes.field.grantPost') }));
    if (type === 'user' && !user)
      return setError(t('resourceTypes.message.required', { field: t('resourceTypes.grantType.user') }));
    const grant: ResourcesTypeAuth =
      type === 'dept'
        ? { grant_object_type: type, grant_object_id: dept!, grant_object_name: nameOf(dept, deptOptions) }
        : type === 'post'
          ? { grant_object_type: type, grant_object_id: post!, grant_object_name: nameOf(post, postOptions) }
          : type === 'user'
            ? { grant_object_type: type, grant_object_id: user!, grant_object_name: nameOf(user, userOptions) }
            : {
                grant_object_type: type,
                grant_object_id: `${dept}|${post}`,
                grant_object_name: `${nameOf(dept, deptOptions)} / ${nameOf(post, postOptions)}`,
              };
    if (
      value.some((g) => g.grant_object_type === grant.grant_object_type && g.grant_object_id === grant.grant_object_id)
    ) {
      return setError(t('resourceTypes.message.duplicateGrant'));
    }
    setError('');
    onChange?.([...value, grant]);
    setDept(undefined);
    setPost(undefined);
    setUser(undefined);
  };

  const pickers = {
    dept: (
      <Select
        key="dept"
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        aria-label={t('resourceTypes.field.grantDept')}
        placeholder={t('resourceTypes.placeholder.pickDept')}
        loading={departments.isPending}
        options={deptOptions}
        value={dept}
        onChange={setDept}
        style={{ width: 220 }}
      />
    ),
    post: (
      <Select
        key="post"
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        aria-label={t('resourceTypes.field.grantPost')}
        placeholder={t('resourceTypes.placeholder.pickPost')}
        loading={posts.isPending}
        options={postOptions}
        value={post}
        onChange={setPost}
        style={{ width: 180 }}
      />
    ),
  };

  return (
    <div>
      <Alert type="info" showIcon title={t('resourceTypes.message.authHint')} style={{ marginBottom: 12 }} />
      <Space wrap align="start" style={{ marginBottom: 8 }}>
        <Select<GrantObjectType>
          aria-label={t('resourceTypes.field.grantObjectType')}
          value={type}
          onChange={(v) => {
            setType(v);
            setError('');
          }}
          options={GRANT_OBJECT_TYPES.map((g) => ({ value: g, label: t(`resourceTypes.grantType.${g}`) }))}
          style={{ width: 140 }}
        />
        {type === 'dept' && pickers.dept}
        {type === 'post' && pickers.post}
        {type === 'triple' && [pickers.dept, pickers.post]}
        {type === 'user' && (
          <Select
            showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
            allowClear
            aria-label={t('resourceTypes.grantType.user')}
            placeholder={t('resourceTypes.placeholder.pickUser')}
            loading={users.isFetching}
            options={userOptions}
            value={user}
            onChange={setUser}
            style={{ width: 240 }}
          />
        )}
        <Button icon={<PlusOutlined />} onClick={add}>
          {t('resourceTypes.action.addGrant')}
        </Button>
      </Space>
      {error ? <Form.ErrorList errors={[<span key="e">{error}</span>]} /> : null}
      <Table<ResourcesTypeAuth>
        size="small"
        rowKey={(g) => `${g.grant_object_type}:${g.grant_object_id}`}
        dataSource={value}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: t('resourceTypes.message.noGrants') }}
        style={{ marginTop: 8 }}
        columns={[
          {
            key: 'type',
            title: t('resourceTypes.field.grantObjectType'),
            width: 120,
            render: (_, g) =>
              t(`resourceTypes.grantType.${g.grant_object_type}`, { defaultValue: g.grant_object_type }),
          },
          {
            key: 'name',
            title: t('resourceTypes.field.grantObject'),
            render: (_, g) => g.grant_object_name || <Typography.Text code>{g.grant_object_id}</Typography.Text>,
          },
          {
            key: 'time',
            title: t('resourceTypes.field.grantTime'),
            width: 170,
            render: (_, g) => g.grant_time ?? '—',
          },
          {
            key: 'actions',
            title: t('resourceTypes.field.actions'),
            width: 90,
            render: (_, g) => (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('resourceTypes.action.remove')} ${g.grant_object_name}`}
                onClick={() => onChange?.(value.filter((x) => x !== g))}
              >
                {t('resourceTypes.action.remove')}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
