import { Form, Input, InputNumber, Modal, Switch, TreeSelect, App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditDepartment, type AdminDepartment } from '../../../../../features/directory-admin/api.ts';
import { errorText } from '../../../operation-result.ts';
import { departmentTreeData } from './tree.ts';

interface Values {
  name: string;
  code: string;
  parent?: string;
  order?: number;
  disabled?: boolean;
  description?: string;
}

/** Adds or edits a department: name, code, parent (not itself or below it), order, disabled, description. */
export function DepartmentDialog({
  open,
  editing,
  parent,
  departments,
  onClose,
}: {
  open: boolean;
  editing: AdminDepartment | null;
  parent?: string;
  departments: AdminDepartment[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useEditDepartment();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? { ...editing, parent: editing.parent || undefined }
        : { name: '', code: '', parent, order: 0, disabled: false, description: '' },
    );
  }, [open, editing, parent, form]);

  const submit = async (v: Values) => {
    try {
      await save.mutateAsync({ ...v, id: editing?.id, parent: v.parent ?? '' });
      void message.success(t('directoryAdmin.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('directoryAdmin.dept.edit') : t('directoryAdmin.dept.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('directoryAdmin.save')}
      cancelText={t('directoryAdmin.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" name="departmentForm" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('directoryAdmin.dept.name')}
          rules={[{ required: true, whitespace: true, message: t('directoryAdmin.required') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('directoryAdmin.dept.code')}
          rules={[
            { required: true, whitespace: true, message: t('directoryAdmin.required') },
            { pattern: /^\S+$/, message: t('directoryAdmin.noSpaces') },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="parent" label={t('directoryAdmin.dept.parent')}>
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('directoryAdmin.dept.root')}
            treeData={departmentTreeData(departments, editing?.id)}
          />
        </Form.Item>
        <Form.Item name="order" label={t('directoryAdmin.dept.order')}>
          <InputNumber min={-1000000} max={1000000} precision={0} />
        </Form.Item>
        <Form.Item name="disabled" label={t('directoryAdmin.disabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="description" label={t('directoryAdmin.description')}>
          <Input.TextArea maxLength={1000} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
