import { App, Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditPost, type AdminPost } from '../../../../../features/directory-admin/api.ts';
import { errorText } from '../../../operation-result.ts';

interface Values {
  name: string;
  code: string;
  formal?: boolean;
  disabled?: boolean;
  description?: string;
}

/** Adds or edits a post: name, code, formal (or temporary), disabled, description. */
export function PostDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: AdminPost | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useEditPost();
  useEffect(() => {
    if (open) form.setFieldsValue(editing ?? { name: '', code: '', formal: true, disabled: false, description: '' });
  }, [open, editing, form]);

  const submit = async (v: Values) => {
    try {
      await save.mutateAsync({ ...v, id: editing?.id });
      void message.success(t('directoryAdmin.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('directoryAdmin.post.edit') : t('directoryAdmin.post.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('directoryAdmin.save')}
      cancelText={t('directoryAdmin.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" name="postForm" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('directoryAdmin.post.name')}
          rules={[{ required: true, whitespace: true, message: t('directoryAdmin.required') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('directoryAdmin.post.code')}
          rules={[
            { required: true, whitespace: true, message: t('directoryAdmin.required') },
            { pattern: /^\S+$/, message: t('directoryAdmin.noSpaces') },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="formal" label={t('directoryAdmin.post.formal')} valuePropName="checked">
          <Switch />
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
