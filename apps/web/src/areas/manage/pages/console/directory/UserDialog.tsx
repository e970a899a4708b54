import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Select, Space, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAdminDepartments,
  useAdminPosts,
  useSaveUser,
  type AdminUser,
} from '../../../../../features/directory-admin/api.ts';
import { errorText } from '../../../operation-result.ts';
import { departmentTreeData } from './tree.ts';

interface Values {
  account: string;
  name: string;
  phone?: string;
  email?: string;
  sex?: string;
  role: string;
  disabled?: boolean;
  password?: string;
  positions?: { dept?: string; post?: string }[];
}

/**
 * Adds or edits a user: account, name, contact, role, disabled, the positions (department +
 * post, several) and, for a new user, the initial password.
 */
export function UserDialog({
  open,
  editing,
  dept,
  onClose,
}: {
  open: boolean;
  editing: AdminUser | null;
  /** The department a new user starts in (the tree's selection). */
  dept?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveUser();
  const departments = useAdminDepartments();
  const posts = useAdminPosts();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? {
            ...editing,
            positions: editing.positions.map((p) => ({ dept: p.dept?.id, post: p.post?.id })),
          }
        : { account: '', name: '', role: 'user', disabled: false, positions: dept ? [{ dept }] : [] },
    );
  }, [open, editing, dept, form]);

  const submit = async (v: Values) => {
    const positions = (v.positions ?? []).filter((p) => p.dept || p.post);
    try {
      await save.mutateAsync({
        ...v,
        id: editing?.id,
        password: editing ? undefined : v.password,
        positions,
      });
      void message.success(t('directoryAdmin.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('directoryAdmin.user.edit') : t('directoryAdmin.user.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('directoryAdmin.save')}
      cancelText={t('directoryAdmin.cancel')}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" name="userForm" onFinish={submit}>
        <Space wrap style={{ width: '100%' }} size="middle">
          <Form.Item
            name="account"
            label={t('directoryAdmin.user.account')}
            rules={[
              { required: true, whitespace: true, message: t('directoryAdmin.required') },
              { pattern: /^\S+$/, message: t('directoryAdmin.noSpaces') },
            ]}
          >
            <Input maxLength={64} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('directoryAdmin.user.name')}
            rules={[{ required: true, whitespace: true, message: t('directoryAdmin.required') }]}
          >
            <Input maxLength={100} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="phone" label={t('directoryAdmin.user.phone')}>
            <Input maxLength={32} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('directoryAdmin.user.email')}
            rules={[{ type: 'email', message: t('directoryAdmin.user.badEmail') }]}
          >
            <Input maxLength={200} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="role" label={t('directoryAdmin.user.role')}>
            <Select
              style={{ width: 260 }}
              options={[
                { value: 'user', label: t('directoryAdmin.user.roleUser') },
                { value: 'admin', label: t('directoryAdmin.user.roleAdmin') },
              ]}
            />
          </Form.Item>
          <Form.Item name="disabled" label={t('directoryAdmin.disabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        {editing ? null : (
          <Form.Item
            name="password"
            label={t('directoryAdmin.user.password')}
            extra={t('directoryAdmin.user.passwordHint')}
            rules={[
              { required: true, message: t('directoryAdmin.required') },
              { min: 8, max: 128, message: t('directoryAdmin.user.passwordLength') },
            ]}
          >
            <Input.Password maxLength={128} autoComplete="new-password" style={{ width: 260 }} />
          </Form.Item>
        )}
        <Form.List name="positions">
          {(fields, { add, remove }) => (
            <Form.Item label={t('directoryAdmin.user.positions')} extra={t('directoryAdmin.user.positionsHint')}>
              {fields.map((field, i) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'dept']} noStyle>
                    <TreeSelect
                      allowClear
                      showSearch
                      treeNodeFilterProp="title"
                      treeDefaultExpandAll
                      style={{ width: 240 }}
                      aria-label={t('directoryAdmin.user.positionDept', { n: i + 1 })}
                      placeholder={t('directoryAdmin.user.dept')}
                      treeData={departmentTreeData(departments.data ?? [])}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'post']} noStyle>
                    <Select
                      allowClear
                      style={{ width: 180 }}
                      aria-label={t('directoryAdmin.user.positionPost', { n: i + 1 })}
                      placeholder={t('directoryAdmin.user.post')}
                      options={(posts.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('directoryAdmin.user.removePosition', { n: i + 1 })}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                {t('directoryAdmin.user.addPosition')}
              </Button>
            </Form.Item>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** Sets a new password for a user (which also lifts a sign-in lock-out). */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const save = useSaveUser();
  const submit = async (v: { password: string }) => {
    if (!user) return;
    try {
      await save.mutateAsync({ id: user.id, password: v.password });
      void message.success(t('directoryAdmin.user.passwordReset', { account: user.account }));
      form.resetFields();
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  return (
    <Modal
      open={user !== null}
      title={t('directoryAdmin.user.resetTitle', { account: user?.account ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('directoryAdmin.save')}
      cancelText={t('directoryAdmin.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="resetPassword" onFinish={submit}>
        <Form.Item
          name="password"
          label={t('directoryAdmin.user.newPassword')}
          extra={t('directoryAdmin.user.resetHint')}
          rules={[
            { required: true, message: t('directoryAdmin.required') },
            { min: 8, max: 128, message: t('directoryAdmin.user.passwordLength') },
          ]}
        >
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
