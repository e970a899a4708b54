import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_DESCRIPTION_MAX, CODE_MAX, CODE_NAME_MAX, codePattern } from '@yuyue/shared';
import { useSaveCodes } from '../../../../../features/code-tables/api/saveCodes.ts';
import { useUpdateCodes } from '../../../../../features/code-tables/api/updateCodes.ts';
import type { Codes } from '../../../../../features/code-tables/api/types.ts';
import { ensureOk, errorText } from '../../../operation-result.ts';

interface FormValues {
  code: string;
  name: string;
  name_en?: string;
  description?: string;
  order?: number | null;
}

/** Add (no `editing`) or edit a code table in a modal; calls `onSaved` with the table's id. */
export function CodesFormModal({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: Codes | null;
  onClose: () => void;
  onSaved?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCodes();
  const update = useUpdateCodes();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ ...editing });
  }, [open, editing, form]);

  const submit = async (values: FormValues) => {
    const model = {
      code: values.code.trim(),
      name: values.name.trim(),
      name_en: values.name_en?.trim() ?? '',
      description: values.description?.trim() ?? '',
      order: values.order ?? 0,
    };
    try {
      const result = ensureOk(
        editing ? await update.mutateAsync({ ...model, id: editing.id }) : await save.mutateAsync(model),
      );
      void message.success(t('codeTables.saved'));
      onSaved?.(result.ids?.[0] ?? editing?.id ?? '');
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('common.required', { field: t(field) }),
  });
  const max = (field: string, n: number) => ({ max: n, message: t('codeTables.tooLong', { field: t(field), max: n }) });

  return (
    <Modal
      open={open}
      title={editing ? t('codeTables.editTable') : t('codeTables.addTable')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={submit} initialValues={{ order: 0 }}>
        <Form.Item
          name="code"
          label={t('codeTables.code')}
          extra={t('codeTables.codeHint')}
          rules={[
            required('codeTables.code'),
            max('codeTables.code', CODE_MAX),
            { pattern: codePattern, message: t('codeTables.codeInvalid') },
          ]}
        >
          <Input maxLength={CODE_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('codeTables.name')}
          rules={[required('codeTables.name'), max('codeTables.name', CODE_NAME_MAX)]}
        >
          <Input maxLength={CODE_NAME_MAX} />
        </Form.Item>
        <Form.Item name="name_en" label={t('codeTables.nameEn')} rules={[max('codeTables.nameEn', CODE_NAME_MAX)]}>
          <Input maxLength={CODE_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('codeTables.description')}
          rules={[max('codeTables.description', CODE_DESCRIPTION_MAX)]}
        >
          <Input.TextArea maxLength={CODE_DESCRIPTION_MAX} rows={2} />
        </Form.Item>
        <Form.Item name="order" label={t('codeTables.order')}>
          <InputNumber precision={0} min={-1000000} max={1000000} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
