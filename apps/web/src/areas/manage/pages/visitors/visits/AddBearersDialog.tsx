import { Form, Modal, Segmented, Select, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepartments, type Department } from '../../../../../features/directory/api/departments.ts';
import { usePosts } from '../../../../../features/directory/api/posts.ts';
import { useUsers } from '../../../../../features/directory/api/users.ts';
import type { InvitationBearer } from '../../../../../features/visitors-admin/visits/types.ts';

type BearerType = InvitationBearer['bearer_type'];

interface TreeNode {
  value: string;
  title: string;
  children: TreeNode[];
}

/** The departments as a tree (by their parent links; one whose parent is unknown is a root). */
export function departmentTree(list: readonly Department[]): TreeNode[] {
  const nodes = new Map(list.map((d) => [d.id, { value: d.id, title: d.name, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const d of list) {
    const node = nodes.get(d.id)!;
    const parent = d.parent ? nodes.get(d.parent) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Picks departments (a department covers those below it), posts or users of the directory to add as invitation bearers. */
export function AddBearersDialog({
  open,
  busy,
  onOk,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onOk: (models: { bearer_type: BearerType; bearer_id: string }[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<BearerType>('dept');
  const [ids, setIds] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const departments = useDepartments();
  const posts = usePosts();
  const users = useUsers(keyword, open && type === 'user');
  const tree = useMemo(() => departmentTree(departments.data ?? []), [departments.data]);
  const label = t(`visitorsVisits.bearer.pick.${type}`);
  return (
    <Modal
      open={open}
      title={t('visitorsVisits.dialog.addBearersTitle')}
      okText={t('visitorsVisits.action.add')}
      cancelText={t('visitorsVisits.action.cancel')}
      okButtonProps={{ disabled: !ids.length, loading: busy }}
      onOk={() => onOk(ids.map((id) => ({ bearer_type: type, bearer_id: id })))}
      onCancel={onClose}
      afterClose={() => {
        setIds([]);
        setKeyword('');
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('visitorsVisits.field.bearerType')}>
          <Segmented<BearerType>
            value={type}
            onChange={(v) => {
              setType(v);
              setIds([]);
            }}
            options={(['dept', 'post', 'user'] as const).map((v) => ({
              value: v,
              label: t(`visitorsVisits.bearer.type.${v}`),
            }))}
          />
        </Form.Item>
        <Form.Item label={label} extra={type === 'dept' ? t('visitorsVisits.bearer.deptHint') : undefined}>
          {type === 'dept' ? (
            <TreeSelect
              aria-label={label}
              multiple
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_ALL}
              treeCheckStrictly
              treeDefaultExpandAll
              loading={departments.isLoading}
              treeData={tree}
              value={ids.map((value) => ({ value, label: value }))}
              labelInValue
              onChange={(values: { value: string }[]) => setIds(values.map((v) => v.value))}
              treeNodeFilterProp="title"
              style={{ width: '100%' }}
            />
          ) : type === 'post' ? (
            <Select
              aria-label={label}
              mode="multiple"
              loading={posts.isLoading}
              value={ids}
              onChange={setIds}
              optionFilterProp="label"
              options={(posts.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          ) : (
            <Select
              aria-label={label}
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              loading={users.isFetching}
              value={ids}
              onChange={setIds}
              options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.account})` }))}
            />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
