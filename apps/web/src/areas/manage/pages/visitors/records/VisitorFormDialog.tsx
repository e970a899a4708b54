import { Alert, App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddVisitorInfo } from '../../../../../features/visitors-admin/records/addVisitorInfo.ts';
import type { VisitorRecord } from '../../../../../features/visitors-admin/records/types.ts';
import { useUpdateVisitorInfo } from '../../../../../features/visitors-admin/records/updateVisitorInfo.ts';
import { errorText } from '../../../operation-result.ts';

interface Values {
  visitor_name: string;
  phone?: string;
  card_type?: string;
  card_number?: string;
  gender?: string;
  email?: string;
  unit?: string;
  post?: string;
  person_type?: string;
  is_car?: number;
  car_product?: string;
  car_card_number?: string;
  remark?: string;
}

const TEXT_FIELDS = [
  'gender',
  'email',
  'unit',
  'post',
  'person_type',
  'car_product',
  'car_card_number',
  'remark',
] as const;

/** The model sent: blank phone and ID number left out on an edit (kept as they are). */
export function visitorModelOf(values: Values, editing: boolean): Record<string, unknown> {
  const model: Record<string, unknown> = { visitor_name: values.visitor_name.trim(), is_car: values.is_car ?? 0 };
  for (const f of TEXT_FIELDS) model[f] = (values[f] ?? '').trim();
  const phone = values.phone?.trim();
  if (phone || !editing) model.phone = phone ?? '';
  const card = values.card_number?.trim();
  if (card || !editing) {
    model.card_number = card ?? '';
    model.card_type = card ? values.card_type || '1' : '';
  }
  return model;
}

/**
 * Adds a visitor (`record` 'new') or edits one. Phone and ID number are shown masked in the
 * list, so an edit leaves them blank: typed in, they replace the stored ones.
 */
export function VisitorFormDialog({ record, onClose }: { record: VisitorRecord | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddVisitorInfo();
  const update = useUpdateVisitorInfo();
  const editing = record !== null && record !== 'new';

  useEffect(() => {
    if (!record) return;
    form.resetFields();
    if (record !== 'new') {
      form.setFieldsValue({
        ...record,
        phone: '',
        card_number: '',
        card_type: record.card_type || '1',
      });
    } else {
      form.setFieldsValue({ card_type: '1', is_car: 0 });
    }
  }, [record, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const model = visitorModelOf(values, editing);
      if (editing) await update.mutateAsync({ id: record.id, model });
      else await add.mutateAsync({ model });
      void message.success(t('visitorsRecords.common.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const label = (f: string) => t(`visitorsRecords.field.${f}`);
  return (
    <Modal
      open={record !== null}
      title={editing ? t('visitorsRecords.info.editTitle') : t('visitorsRecords.info.addTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('visitorsRecords.common.save')}
      cancelText={t('visitorsRecords.common.cancel')}
      confirmLoading={add.isPending || update.isPending}
      width={640}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" name="visitorRecord">
        {!editing ? (
          <Alert type="info" showIcon title={t('visitorsRecords.info.addNote')} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item
          name="visitor_name"
          label={label('visitor_name')}
          rules={[{ required: true, whitespace: true, max: 50 }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={label('phone')}
          extra={editing ? `${record.phone} · ${t('visitorsRecords.info.editPhoneNote')}` : undefined}
          rules={[
            { required: !editing, whitespace: true },
            { pattern: /^(\+?86)?1\d{10}$/, message: t('visitorsRecords.info.phoneHint') },
          ]}
        >
          <Input maxLength={20} inputMode="tel" />
        </Form.Item>
        <Form.Item name="card_type" label={label('card_type')}>
          <Select options={['1', '2', '3'].map((c) => ({ value: c, label: t(`visitorsRecords.cardType.${c}`) }))} />
        </Form.Item>
        <Form.Item
          name="card_number"
          label={label('card_number')}
          extra={
            editing && record.card_number
              ? `${record.card_number} · ${t('visitorsRecords.info.editPhoneNote')}`
              : undefined
          }
        >
          <Input maxLength={40} />
        </Form.Item>
        {(['gender', 'email', 'unit', 'post', 'person_type'] as const).map((f) => (
          <Form.Item key={f} name={f} label={label(f)} rules={f === 'email' ? [{ type: 'email' }] : undefined}>
            <Input maxLength={f === 'email' ? 254 : 100} />
          </Form.Item>
        ))}
        <Form.Item name="is_car" label={label('is_car')}>
          <Radio.Group
            options={[
              { value: 1, label: t('visitorsRecords.common.yes') },
              { value: 0, label: t('visitorsRecords.common.no') },
            ]}
          />
        </Form.Item>
        <Form.Item name="car_product" label={label('car_product')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="car_card_number" label={label('car_card_number')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="remark" label={label('remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
