import { Alert, App, Form, Modal, Radio, Select, Spin, TreeSelect, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepartments } from '../../../../features/directory/api/departments.ts';
import { usePosts } from '../../../../features/directory/api/posts.ts';
import { filterOfChoice, kindsOfScope, type ScopeChoice } from '../../../../features/grants/filter.ts';
import { useGrantPermissions } from '../../../../features/grants/mutations.ts';
import { deptTree } from '../../../../features/grants/tree.ts';
import type { AppRoleEntry, GrantInput, SubjectType } from '../../../../features/grants/types.ts';
import { useUsersToGrant } from '../../../../features/grants/users.ts';
import { pick } from '../../../../lib/i18n.ts';
import { ensureOk, errorText } from '../../operation-result.ts';
import { VISITOR_TYPE_NAMES } from '../visitors/settings/parts.tsx';
import { filterWords, resultText, roleName, useScopeNames } from './parts.tsx';

type Labelled = { value: string; label: string };

interface Values extends ScopeChoice {
  role?: string;
  subjectType: SubjectType;
  users?: Labelled[];
  depts?: string[];
  posts?: string[];
}

export interface GrantDialogProps {
  open: boolean;
  onClose: () => void;
  /** The roles to choose from (one: that role, no choice shown). */
  roles: readonly AppRoleEntry[];
  /** The role chosen at first. */
  role?: string;
  /** The subject types offered (ignored with `triple`). */
  subjectTypes: readonly Exclude<SubjectType, 'triple'>[];
  /** A fixed subject: the department/post combination the roles go to. */
  triple?: { id: string; name: string };
}

/** Picks users by name or account (several; values keep their labels for the confirmation). */
function UserPicker({ value, onChange, id }: { value?: Labelled[]; onChange?: (v: Labelled[]) => void; id?: string }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const users = useUsersToGrant(keyword);
  return (
    <Select<Labelled[]>
      id={id}
      mode="multiple"
      labelInValue
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={t('console.placeholder.users')}
      loading={users.isFetching}
      options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.name || u.account} (${u.account})` }))}
      notFoundContent={
        users.isFetching ? (
          <Spin size="small" />
        ) : keyword.trim() ? (
          t('console.placeholder.noUser')
        ) : (
          t('console.placeholder.typeToSearch')
        )
      }
    />
  );
}

/**
 * Grants a role to one or several subjects at once (`grantPermissions`, all or none): users
 * (searched), departments (the tree; a department covers those below it) or posts, or a fixed
 * department/post combination; for a scoped role what it covers (resources and resource types,
 * or visitor areas and types; none chosen: all). Confirmed first; the server's result message
 * is shown, a refusal stays in the dialog.
 */
export function GrantDialog({ open, onClose, roles, role, subjectTypes, triple }: GrantDialogProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const grant = useGrantPermissions();
  const chosenRole = Form.useWatch('role', form) ?? role ?? (roles.length === 1 ? roles[0]!.code : undefined);
  const subjectType = Form.useWatch('subjectType', form) ?? subjectTypes[0] ?? 'user';
  const roleEntry = roles.find((r) => r.code === chosenRole);
  const scope = roleEntry?.scope ?? 'none';
  const names = useScopeNames(open ? [scope] : []);
  const depts = useDepartments();
  const posts = usePosts();
  const tree = useMemo(() => deptTree(depts.data ?? []), [depts.data]);

  // the dialog stays mounted: each opening starts from the role and subject type it is opened with
  const firstRole = role ?? (roles.length === 1 ? roles[0]!.code : undefined);
  const firstType = subjectTypes[0];
  useEffect(() => {
    if (open) form.setFieldsValue({ role: firstRole, subjectType: firstType });
  }, [open, firstRole, firstType, form]);

  const close = () => {
    setError(null);
    form.resetFields();
    onClose();
  };

  const subjectsOf = (v: Values): { type: SubjectType; id: string; name: string }[] => {
    if (triple) return [{ type: 'triple', id: triple.id, name: triple.name }];
    if (v.subjectType === 'user') return (v.users ?? []).map((u) => ({ type: 'user', id: u.value, name: u.label }));
    if (v.subjectType === 'dept') {
      return (v.depts ?? []).map((id) => ({
        type: 'dept',
        id,
        name: depts.data?.find((d) => d.id === id)?.name ?? id,
      }));
    }
    return (v.posts ?? []).map((id) => ({ type: 'post', id, name: posts.data?.find((p) => p.id === id)?.name ?? id }));
  };

  const submit = async () => {
    const v = await form.validateFields();
    const code = v.role ?? chosenRole!;
    const subjects = subjectsOf({ ...v, subjectType: v.subjectType ?? subjectType });
    const filter = filterOfChoice(Object.fromEntries(kindsOfScope(scope).map((k) => [k, v[k] ?? []])));
    const models: GrantInput[] = subjects.map((s) => ({
      type: s.type,
      target: s.id,
      permission: code,
      ...(filter ? { filter } : {}),
    }));
    setError(null);
    modal.confirm({
      title: t('console.grant.confirmTitle'),
      content: t('console.grant.confirm', {
        role: roleName(code, roles),
        count: subjects.length,
        names: subjects.map((s) => s.name).join(t('console.filter.separator')),
        scope: filterWords(filter, names, t),
      }),
      okText: t('console.action.grant'),
      cancelText: t('console.action.cancel'),
      onOk: async () => {
        try {
          const result = ensureOk(await grant.mutateAsync(models));
          void message.success(resultText(result, t('console.action.grant')));
          close();
        } catch (err) {
          setError(errorText(err));
        }
      },
    });
  };

  const required = (text: string) => [{ required: true, message: text }];
  const choices = error ? null : (depts.error ?? posts.error ?? names.error);

  return (
    <Modal
      open={open}
      title={triple ? `${t('console.grant.title')} · ${triple.name}` : t('console.grant.title')}
      okText={t('console.action.next')}
      cancelText={t('console.action.cancel')}
      okButtonProps={{ loading: grant.isPending }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      width={620}
      forceRender
    >
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      {choices ? (
        <Alert
          type="warning"
          showIcon
          title={t('console.grant.loadFailed', { reason: errorText(choices) })}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        name="consoleGrant"
        initialValues={{
          role: role ?? (roles.length === 1 ? roles[0]!.code : undefined),
          subjectType: subjectTypes[0],
        }}
      >
        <Form.Item name="role" label={t('console.grant.role')} rules={required(t('console.grant.roleRequired'))}>
          <Select
            disabled={roles.length <= 1}
            placeholder={t('console.placeholder.role')}
            options={roles.map((r) => ({ value: r.code, label: pick(r.name, r.nameEn) }))}
          />
        </Form.Item>
        {roleEntry ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
            {pick(roleEntry.description, roleEntry.descriptionEn)}
          </Typography.Paragraph>
        ) : null}
        {triple ? null : (
          <>
            {subjectTypes.length > 1 ? (
              <Form.Item name="subjectType" label={t('console.field.subjectType')}>
                <Radio.Group
                  options={subjectTypes.map((s) => ({ value: s, label: t(`console.subject.${s}`) }))}
                  onChange={() => form.setFieldsValue({ users: [], depts: [], posts: [] })}
                />
              </Form.Item>
            ) : null}
            {subjectType === 'user' ? (
              <Form.Item
                name="users"
                label={t('console.grant.subjects')}
                rules={required(t('console.grant.subjectsRequired'))}
              >
                <UserPicker />
              </Form.Item>
            ) : subjectType === 'dept' ? (
              <Form.Item
                name="depts"
                label={t('console.grant.subjects')}
                extra={t('console.grant.deptHint')}
                rules={required(t('console.grant.subjectsRequired'))}
              >
                <TreeSelect
                  multiple
                  treeData={tree}
                  treeDefaultExpandAll
                  showSearch={{ treeNodeFilterProp: 'title' }}
                  loading={depts.isFetching}
                  placeholder={t('console.placeholder.depts')}
                />
              </Form.Item>
            ) : (
              <Form.Item
                name="posts"
                label={t('console.grant.subjects')}
                rules={required(t('console.grant.subjectsRequired'))}
              >
                <Select
                  mode="multiple"
                  optionFilterProp="label"
                  loading={posts.isFetching}
                  placeholder={t('console.placeholder.posts')}
                  options={(posts.data ?? []).map((p) => ({ value: p.id, label: p.name, disabled: p.disabled }))}
                />
              </Form.Item>
            )}
          </>
        )}
        {scope === 'resources' ? (
          <>
            <Form.Item
              name="resources"
              label={`${t('console.grant.scope')} · ${t('console.filter.resources')}`}
              extra={t('console.grant.scopeHint', { what: t('console.grant.scopeWhatResources') })}
            >
              <Select
                mode="multiple"
                allowClear
                optionFilterProp="label"
                loading={names.loading}
                placeholder={t('console.placeholder.scopeAll')}
                options={names.resources.map((r) => ({
                  value: r.id,
                  label: `${pick(r.resources_name, r.resources_name_en)}${r.resources_number ? ` (${r.resources_number})` : ''}`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="resourceTypes"
              label={`${t('console.grant.scope')} · ${t('console.filter.resourceTypes')}`}
            >
              <Select
                mode="multiple"
                allowClear
                optionFilterProp="label"
                loading={names.loading}
                placeholder={t('console.placeholder.scopeAll')}
                options={names.types.map((ty) => ({
                  value: ty.id,
                  label: pick(ty.resources_name, ty.resources_name_en),
                }))}
              />
            </Form.Item>
          </>
        ) : scope === 'visitors' ? (
          <>
            <Form.Item
              name="areas"
              label={`${t('console.grant.scope')} · ${t('console.filter.areas')}`}
              extra={t('console.grant.scopeHint', { what: t('console.grant.scopeWhatVisitors') })}
            >
              <Select
                mode="multiple"
                allowClear
                optionFilterProp="label"
                loading={names.loading}
                placeholder={t('console.placeholder.scopeAll')}
                options={names.areas.map((a) => ({
                  value: a.id,
                  label: [pick(a.resources_name, a.resources_name_en), a.campus_name].filter(Boolean).join(' · '),
                }))}
              />
            </Form.Item>
            <Form.Item name="visitorTypes" label={`${t('console.grant.scope')} · ${t('console.filter.visitorTypes')}`}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('console.placeholder.scopeAll')}
                options={Object.entries(VISITOR_TYPE_NAMES).map(([value, n]) => ({ value, label: pick(n.zh, n.en) }))}
              />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
