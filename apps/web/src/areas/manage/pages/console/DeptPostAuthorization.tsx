import { ApartmentOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tag,
  Tree,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDepartments } from '../../../../features/directory/api/departments.ts';
import { usePosts } from '../../../../features/directory/api/posts.ts';
import { useAddTriple, useDeleteTriple, useRevokePermissions } from '../../../../features/grants/mutations.ts';
import { useAppRoles, usePermissions, useTriples } from '../../../../features/grants/queries.ts';
import { allKeys, deptTree, filterTree } from '../../../../features/grants/tree.ts';
import type { Grant, Triple } from '../../../../features/grants/types.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../operation-result.ts';
import { GrantDialog } from './GrantDialog.tsx';
import { filterWords, resultText, roleName, useScopeNames } from './parts.tsx';
import './console.css';

/** How many combinations of one department the page reads (a department has few). */
const TRIPLES_MAX = 200;

/** A combination's name: "department / post" ("全部岗位" without a post). */
const comboName = (tr: Triple, anyPost: string) => `${tr.dept?.name ?? ''} / ${tr.post?.name ?? anyPost}`;

/** Adds a department/post combination of `dept` (`addTriple`; no post: everyone in the department). */
function AddCombination({ dept, onClose }: { dept: { id: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ post?: string }>();
  const posts = usePosts();
  const add = useAddTriple();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    form.resetFields();
    onClose();
  };
  const submit = async ({ post }: { post?: string }) => {
    if (!dept) return;
    try {
      const result = ensureOk(await add.mutateAsync({ dept: dept.id, ...(post ? { post } : {}) }));
      void message.success(resultText(result, t('console.action.addCombination')));
      close();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Modal
      open={dept !== null}
      title={t('console.deptPost.addTitle')}
      okText={t('console.action.confirm')}
      cancelText={t('console.action.cancel')}
      okButtonProps={{ loading: add.isPending }}
      onOk={() => form.submit()}
      onCancel={close}
      forceRender
    >
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" name="addCombination" onFinish={submit}>
        <Form.Item label={t('console.field.dept')}>
          <Input value={dept?.name ?? ''} disabled />
        </Form.Item>
        <Form.Item name="post" label={t('console.field.post')} extra={t('console.deptPost.postHint')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={posts.isFetching}
            placeholder={t('console.deptPost.anyPost')}
            options={(posts.data ?? []).map((p) => ({ value: p.id, label: p.name, disabled: p.disabled }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Grading authorization by department and post (`/manage/console/authorize/dept_post?dept=`):
 * the department tree; for the chosen department its department/post combinations (triples
 * without a user) and the roles each holds with what they cover. A combination covers the
 * department and every department below it. Add a combination, grant it roles, revoke a role,
 * delete a combination (with its grants).
 */
export default function DeptPostAuthorization() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const [granting, setGranting] = useState<{ id: string; name: string } | null>(null);
  const depts = useDepartments();
  const roles = useAppRoles(null);
  const tree = useMemo(() => deptTree(depts.data ?? []), [depts.data]);
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const deptId = params.get('dept') ?? '';
  const dept = depts.data?.find((d) => d.id === deptId) ?? null;
  const triples = useTriples({ first: TRIPLES_MAX, offset: 0, filter: { dept: { eq: deptId } } }, Boolean(dept));
  const combos = (triples.data?.edges.map((e) => e.node) ?? []).filter((tr) => !tr.user);
  const ids = combos.map((c) => c.id);
  const grants = usePermissions(
    { first: 500, offset: 0, filter: { type: { eq: 'triple' }, target: { in: ids } } },
    ids.length > 0,
  );
  const names = useScopeNames([...new Set((roles.data ?? []).map((r) => r.scope))]);
  const revoke = useRevokePermissions();
  const remove = useDeleteTriple();
  const anyPost = t('console.deptPost.anyPost');

  const grantsOf = (id: string): Grant[] =>
    (grants.data?.edges.map((e) => e.node) ?? []).filter((g) => g.target === id);

  const run = async (action: () => Promise<unknown>, fallback: string) => {
    try {
      const result = ensureOk((await action()) as Parameters<typeof ensureOk>[0]);
      void message.success(resultText(result, fallback));
    } catch (err) {
      void message.error(t('console.message.failed', { reason: errorText(err) }));
    }
  };

  const columns: DataTableColumn<Triple>[] = [
    {
      key: 'combo',
      title: t('console.field.post'),
      width: 200,
      render: (_: unknown, tr: Triple) => (
        <Space orientation="vertical" size={2}>
          <span>{tr.post?.name ?? <Typography.Text strong>{anyPost}</Typography.Text>}</span>
          <Tag icon={<ApartmentOutlined />}>{t('console.deptPost.inherits')}</Tag>
        </Space>
      ),
    },
    {
      key: 'grants',
      title: t('console.deptPost.grants'),
      render: (_: unknown, tr: Triple) => {
        const mine = grantsOf(tr.id);
        if (!mine.length) return <Typography.Text type="secondary">{t('console.deptPost.noGrants')}</Typography.Text>;
        return (
          <div className="yy-console-grants">
            {mine.map((g) => (
              <span key={g.revokeId} className="yy-console-grant">
                <Tag color="blue">
                  {roleName(g.permission, roles.data)} · {filterWords(g.filter, names, t)}
                </Tag>
                <Popconfirm
                  title={t('console.revoke.title')}
                  description={t('console.deptPost.revokeOne', { role: roleName(g.permission, roles.data) })}
                  okText={t('console.action.revoke')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('console.action.cancel')}
                  onConfirm={() => run(() => revoke.mutateAsync([g.revokeId]), t('console.action.revoke'))}
                >
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={`${t('console.action.revoke')} ${roleName(g.permission, roles.data)}`}
                    title={t('console.action.revoke')}
                  />
                </Popconfirm>
              </span>
            ))}
          </div>
        );
      },
    },
    {
      key: 'actions',
      title: t('console.field.actions'),
      width: 200,
      render: (_: unknown, tr: Triple) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setGranting({ id: tr.id, name: comboName(tr, anyPost) })}>
            {t('console.action.grantRole')}
          </Button>
          <Popconfirm
            title={t('console.action.deleteCombination')}
            description={t('console.deptPost.deleteConfirm', { name: comboName(tr, anyPost) })}
            okText={t('console.action.deleteCombination')}
            okButtonProps={{ danger: true }}
            cancelText={t('console.action.cancel')}
            onConfirm={() => run(() => remove.mutateAsync(tr.id), t('console.action.deleteCombination'))}
          >
            <Button type="link" size="small" danger>
              {t('console.action.deleteCombination')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const loadError = depts.error ?? roles.error;
  return (
    <Card className="yy-console" title={t('route.manage.consoleDeptPost')}>
      <Alert type="info" showIcon title={t('console.deptPost.intro')} style={{ marginBottom: 16 }} />
      {loadError ? (
        <Alert type="error" showIcon role="alert" title={errorText(loadError)} style={{ marginBottom: 12 }} />
      ) : null}
      <div className="yy-console-split">
        <nav className="yy-console-side" aria-label={t('console.deptPost.tree')}>
          <Typography.Title level={5}>{t('console.deptPost.tree')}</Typography.Title>
          <Input.Search
            allowClear
            aria-label={t('console.deptPost.searchDept')}
            placeholder={t('console.deptPost.searchDept')}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          {shown.length ? (
            <Tree
              key={keyword}
              treeData={shown}
              defaultExpandedKeys={keyword ? allKeys(shown) : shown.map((n) => n.key)}
              selectedKeys={deptId ? [deptId] : []}
              onSelect={(keys) => keys[0] && setParams({ dept: String(keys[0]) }, { replace: true })}
            />
          ) : depts.isPending ? null : (
            <Empty description={t('console.deptPost.treeEmpty')} />
          )}
        </nav>
        <section className="yy-console-main">
          {dept ? (
            <>
              <Space wrap style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('console.deptPost.combinations', { dept: dept.name })}
                </Typography.Title>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                  {t('console.action.addCombination')}
                </Button>
              </Space>
              <DataTable<Triple>
                rowKey="id"
                size="middle"
                aria-label={t('console.deptPost.combinations', { dept: dept.name })}
                columns={columns}
                dataSource={combos}
                loading={triples.isFetching || grants.isFetching}
                error={triples.error ?? grants.error}
                onRetry={() => void triples.refetch()}
                pagination={false}
                scroll={{ x: 640 }}
                locale={{ emptyText: t('console.deptPost.empty') }}
              />
            </>
          ) : (
            <Empty description={t('console.deptPost.chooseDept')} />
          )}
        </section>
      </div>
      <AddCombination
        dept={adding && dept ? { id: dept.id, name: dept.name } : null}
        onClose={() => setAdding(false)}
      />
      <GrantDialog
        open={granting !== null}
        onClose={() => setGranting(null)}
        roles={roles.data ?? []}
        subjectTypes={[]}
        triple={granting ?? undefined}
      />
    </Card>
  );
}
