import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourcesForPicker } from '../../../../../features/occupancy/api/findResourcesAll.ts';
import { useSaveResourcesOccupy } from '../../../../../features/occupancy/api/saveResourcesOccupy.ts';
import type { ResourcesOccupy } from '../../../../../features/occupancy/api/types.ts';
import { useUpdateResourcesOccupy } from '../../../../../features/occupancy/api/updateResourcesOccupy.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { errorText } from '../../../operation-result.ts';
import { LookupSelect } from '../../../components/LookupSelect.tsx';

interface Values {
  resources_id?: string;
  /** datetime-local values "YYYY-MM-DDTHH:mm". */
  start_time: string;
  end_time: string;
  reason_cn: string;
  reason_en: string;
}

/** Wire "YYYY-MM-DD HH:mm" to a datetime-local value and back. */
const toLocal = (wire: string) => wire.replace(' ', 'T').slice(0, 16);
const fromLocal = (value: string) => value.replace('T', ' ').slice(0, 16);

/** Blocks a period of a resource, or changes one: resource, start and end, reason in zh/en. */
export function OccupyFormModal({
  open,
  occupancy,
  onClose,
}: {
  open: boolean;
  occupancy: ResourcesOccupy | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const resources = useResourcesForPicker();
  const save = useSaveResourcesOccupy();
  const update = useUpdateResourcesOccupy();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      occupancy
        ? {
            resources_id: occupancy.resources_id,
            start_time: toLocal(occupancy.start_time),
            end_time: toLocal(occupancy.end_time),
            reason_cn: occupancy.reason_cn,
            reason_en: occupancy.reason_en,
          }
        : { resources_id: undefined, start_time: '', end_time: '', reason_cn: '', reason_en: '' },
    );
  }, [open, occupancy, form]);

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('occupancy.message.required', { field: t(`occupancy.field.${field}`) }),
  });

  const submit = async (v: Values) => {
    const model = {
      ...(occupancy ? { id: occupancy.id } : {}),
      resources_id: v.resources_id ?? '',
      start_time: fromLocal(v.start_time),
      end_time: fromLocal(v.end_time),
      reason_cn: v.reason_cn.trim(),
      reason_en: (v.reason_en ?? '').trim(),
    };
    try {
      await (occupancy ? update.mutateAsync(model) : save.mutateAsync(model));
      void message.success(t('occupancy.message.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Modal
      open={open}
      title={t(occupancy ? 'occupancy.editor.editTitle' : 'occupancy.editor.createTitle')}
      okText={t('occupancy.action.save')}
      cancelText={t('occupancy.action.cancel')}
      confirmLoading={save.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Alert type="info" showIcon title={t('occupancy.message.hint')} style={{ marginBottom: 16 }} />
      {resources.error ? (
        <Alert type="error" showIcon title={t('occupancy.message.resourcesFailed')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="resources_id" label={t('occupancy.field.resource')} rules={[required('resource')]}>
          <LookupSelect
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('occupancy.placeholder.resource')}
            loading={resources.isPending}
            failed={resources.isError}
            options={(resources.data ?? []).map((r) => ({
              value: r.id,
              label: `${pick(r.resources_name, r.resources_name_en)}${r.resources_type_name ? ` · ${r.resources_type_name}` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="start_time" label={t('occupancy.field.start')} rules={[required('start')]}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item
          name="end_time"
          label={t('occupancy.field.end')}
          dependencies={['start_time']}
          rules={[
            required('end'),
            {
              validator: async (_, v: string) => {
                const start = form.getFieldValue('start_time') as string;
                if (v && start && v <= start) throw new Error(t('occupancy.message.endAfterStart'));
              },
            },
          ]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="reason_cn" label={t('occupancy.field.reason')} rules={[required('reason')]}>
          <Input.TextArea maxLength={500} rows={2} placeholder={t('occupancy.placeholder.reason')} />
        </Form.Item>
        <Form.Item name="reason_en" label={t('occupancy.field.reasonEn')}>
          <Input.TextArea maxLength={500} rows={2} placeholder={t('occupancy.placeholder.reasonEn')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
