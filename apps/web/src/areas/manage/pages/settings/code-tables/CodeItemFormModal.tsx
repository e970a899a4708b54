import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_DESCRIPTION_MAX, CODE_MAX, CODE_NAME_MAX, codePattern } from '@yuyue/shared';
import { useSaveCodeItems } from '../../../../../features/code-tables/api/saveCodeItems.ts';
import { useUpdateCodeItems } from '../../../../../features/code-tables/api/updateCodeItems.ts';
import type { CodeItem } from '../../../../../features/code-tables/api/types.ts';
import { isRootItem, subtreeCodes } from '../../../../../features/code-tables/tree.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { ensureOk, errorText } from '../../../operation-result.ts';

interface FormValues {
  item_code: string;
  item_name: string;
  item_name_en?: string;
  item_parent: string;
  item_description?: string;
  item_index?: number | null;
}

/** What the item modal does: add a root or a child, or edit an item. */
export type ItemEditing = { mode: 'add'; parent: CodeItem | null } | { mode: 'edit'; item: CodeItem };

/** Add or edit an item of one code table; the parent is picked among the table's other items. */
export function CodeItemFormModal({
  codesId,
  items,
  editing,
  onClose,
}: {
  codesId: string;
  items: CodeItem[];
  editing: ItemEditing | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCodeItems();
  const update = useUpdateCodeItems();
  const open = editing !== null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'edit') {
      const { item } = editing;
      form.setFieldsValue({ ...item, item_parent: isRootItem(item) ? '' : item.item_parent });
    } else {
      const siblings = items.filter((i) =>
        editing.parent ? !isRootItem(i) && i.item_parent === editing.parent.item_code : isRootItem(i),
      );
      form.setFieldsValue({
        item_parent: editing.parent?.item_code ?? '',
        item_index: siblings.reduce((m, i) => Math.max(m, i.item_index), 0) + 1,
      });
    }
  }, [editing, items, form]);

  const parentOptions = useMemo(() => {
    const excluded = editing?.mode === 'edit' ? subtreeCodes(items, editing.item.item_code) : new Set<string>();
    return [
      { value: '', label: t('codeTables.rootParent') },
      ...items
        .filter((i) => !excluded.has(i.item_code))
        .map((i) => ({
          value: i.item_code,
          label: `${'\u3000'.repeat(Math.max(0, i.item_level - 1))}${pick(i.item_name, i.item_name_en)} (${i.item_code})`,
        })),
    ];
  }, [items, editing, t]);

  const submit = async (values: FormValues) => {
    const model = {
      codes_id: codesId,
      item_code: values.item_code.trim(),
      item_name: values.item_name.trim(),
      item_name_en: values.item_name_en?.trim() ?? '',
      item_description: values.item_description?.trim() ?? '',
      item_index: values.item_index ?? 0,
      item_parent: values.item_parent ?? '',
    };
    try {
      ensureOk(
        editing?.mode === 'edit'
          ? await update.mutateAsync({ ...model, id: editing.item.id })
          : await save.mutateAsync(model),
      );
      void message.success(t('codeTables.saved'));
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
  const title =
    editing?.mode === 'edit'
      ? t('codeTables.editItemTitle')
      : editing?.parent
        ? t('codeTables.addChildTitle', { name: pick(editing.parent.item_name, editing.parent.item_name_en) })
        : t('codeTables.addItemTitle');

  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="item_code"
          label={t('codeTables.itemCode')}
          rules={[
            required('codeTables.itemCode'),
            max('codeTables.itemCode', CODE_MAX),
            { pattern: codePattern, message: t('codeTables.codeInvalid') },
          ]}
        >
          <Input maxLength={CODE_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="item_name"
          label={t('codeTables.itemName')}
          rules={[required('codeTables.itemName'), max('codeTables.itemName', CODE_NAME_MAX)]}
        >
          <Input maxLength={CODE_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="item_name_en"
          label={t('codeTables.itemNameEn')}
          rules={[max('codeTables.itemNameEn', CODE_NAME_MAX)]}
        >
          <Input maxLength={CODE_NAME_MAX} />
        </Form.Item>
        <Form.Item name="item_parent" label={t('codeTables.itemParent')}>
          <Select options={parentOptions} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item
          name="item_description"
          label={t('codeTables.itemDescription')}
          rules={[max('codeTables.itemDescription', CODE_DESCRIPTION_MAX)]}
        >
          <Input.TextArea maxLength={CODE_DESCRIPTION_MAX} rows={2} />
        </Form.Item>
        <Form.Item name="item_index" label={t('codeTables.itemIndex')}>
          <InputNumber precision={0} min={-1000000} max={1000000} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
