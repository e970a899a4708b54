import { Alert, App, Checkbox, DatePicker, Form, Input, Modal, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveVisitorLongTermEntity } from '../../../../../features/visitors-admin/people/saveVisitorLongTermEntity.ts';
import type { LongTermVisitor, LongTermVisitorInput } from '../../../../../features/visitors-admin/people/types.ts';
import { useUpdateVisitorLongTermEntity } from '../../../../../features/visitors-admin/people/updateVisitorLongTermEntity.ts';
import { errorText } from '../../../operation-result.ts';
import { useAreaOptions } from './longTermParts.tsx';

interface Values {
  user_name: string;
  user_id?: string;
  person_type?: string;
  dept?: string;
  phone?: string;
  permission?: string[];
  range?: [Dayjs | null, Dayjs | null] | null;
  weekdays: string[];
  start_time: string;
  end_time: string;
  is_enable: boolean;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const PHONE = /^1\d{10}$/;

/** The form's values as the operation's input (an empty phone on a change keeps the stored one). */
export function longTermInputOf(v: Values, id?: string): LongTermVisitorInput {
  return {
    ...(id ? { id } : {}),
    user_name: v.user_name.trim(),
    user_id: v.user_id?.trim() ?? '',
    person_type: v.person_type?.trim() ?? '',
    dept: v.dept?.trim() ?? '',
    ...(v.phone?.trim() ? { phone: v.phone.trim() } : {}),
    permission: (v.permission ?? []).join(','),
    valid_from: v.range?.[0]?.format('YYYY-MM-DD') ?? '',
    valid_to: v.range?.[1]?.format('YYYY-MM-DD') ?? '',
    weekdays: [...v.weekdays].sort().join(','),
    start_time: v.start_time.trim(),
    end_time: v.end_time.trim(),
    is_enable: v.is_enable ? 1 : 0,
  };
}

/** Add (`editing` 'new') or change a long-term visitor in a dialog; the server's refusal is shown as it said it. */
export function LongTermForm({ editing, onClose }: { editing: LongTermVisitor | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveVisitorLongTermEntity();
  const update = useUpdateVisitorLongTermEntity();
  const areas = useAreaOptions();
  const row = editing && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (row) {
      form.setFieldsValue({
        user_name: row.user_name,
        user_id: row.user_id,
        person_type: row.person_type,
        dept: row.dept,
        phone: '',
        permission: row.permission ? row.permission.split(',') : [],
        range: [dayjs(row.valid_from), dayjs(row.valid_to)],
        weekdays: row.weekdays.split(','),
        start_time: row.start_time,
        end_time: row.end_time,
        is_enable: row.is_enable === 1,
      });
    }
  }, [editing, row, form]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const input = longTermInputOf(values, row?.id);
      if (row) await update.mutateAsync({ model: input });
      else await save.mutateAsync({ model: input });
      void message.success(t('visitorsPeople.common.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const days = ['1', '2', '3', '4', '5', '6', '7'];
  return (
    <Modal
      open={editing !== null}
      title={row ? t('visitorsPeople.longTerm.editTitle') : t('visitorsPeople.longTerm.addTitle')}
      okText={t('visitorsPeople.common.save')}
      cancelText={t('visitorsPeople.common.cancel')}
      confirmLoading={save.isPending || update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="longTermVisitor"
        layout="vertical"
        initialValues={{ weekdays: days.slice(0, 5), start_time: '00:00', end_time: '24:00', is_enable: true }}
      >
        <Space.Compact block>
          <Form.Item
            name="user_name"
            label={t('visitorsPeople.field.user_name')}
            style={{ flex: 1, marginRight: 12 }}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('visitorsPeople.longTerm.required', { field: t('visitorsPeople.field.user_name') }),
              },
            ]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="person_type" label={t('visitorsPeople.field.person_type')} style={{ flex: 1 }}>
            <Input maxLength={100} />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block>
          <Form.Item name="dept" label={t('visitorsPeople.field.dept')} style={{ flex: 1, marginRight: 12 }}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="user_id" label={t('visitorsPeople.field.user_id')} style={{ flex: 1 }}>
            <Input maxLength={100} />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="phone"
          label={t('visitorsPeople.field.phone')}
          extra={row ? `${row.phone || '—'} · ${t('visitorsPeople.longTerm.phoneKeep')}` : undefined}
          rules={[{ pattern: PHONE, message: t('visitorsPeople.longTerm.phoneInvalid') }]}
        >
          <Input maxLength={11} inputMode="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="permission"
          label={t('visitorsPeople.field.permission')}
          extra={t('visitorsPeople.longTerm.allAreasHint')}
        >
          <Select
            mode="multiple"
            allowClear
            loading={areas.loading}
            options={areas.options}
            placeholder={t('visitorsPeople.allAreas')}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('visitorsPeople.field.validity')}
          rules={[
            {
              required: true,
              message: t('visitorsPeople.longTerm.required', { field: t('visitorsPeople.field.validity') }),
            },
          ]}
        >
          <DatePicker.RangePicker
            format="YYYY-MM-DD"
            style={{ width: '100%' }}
            placeholder={[t('visitorsPeople.field.valid_from'), t('visitorsPeople.field.valid_to')]}
          />
        </Form.Item>
        <Form.Item
          name="weekdays"
          label={t('visitorsPeople.field.weekdays')}
          rules={[
            {
              required: true,
              message: t('visitorsPeople.longTerm.required', { field: t('visitorsPeople.field.weekdays') }),
            },
          ]}
        >
          <Checkbox.Group options={days.map((d) => ({ value: d, label: t(`visitorsPeople.weekday.${d}`) }))} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="start_time"
            label={t('visitorsPeople.field.start_time')}
            style={{ flex: 1, marginRight: 12 }}
            rules={[{ pattern: TIME, message: t('visitorsPeople.longTerm.timeInvalid') }]}
          >
            <Input maxLength={5} placeholder="HH:mm" />
          </Form.Item>
          <Form.Item
            name="end_time"
            label={t('visitorsPeople.field.end_time')}
            style={{ flex: 1 }}
            rules={[{ pattern: TIME, message: t('visitorsPeople.longTerm.timeInvalid') }]}
          >
            <Input maxLength={5} placeholder="HH:mm" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="is_enable" label={t('visitorsPeople.field.is_enable')} valuePropName="checked">
          <Switch checkedChildren={t('visitorsPeople.state.1')} unCheckedChildren={t('visitorsPeople.state.0')} />
        </Form.Item>
        {row ? <Alert type="info" showIcon title={t('visitorsPeople.longTerm.passNote')} /> : null}
      </Form>
    </Modal>
  );
}
