import { App, Button, Card, Form, Input, InputNumber, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFindInstruction } from '../../../../features/instructions/api/findInstruction.ts';
import type { InstructionState } from '../../../../features/instructions/api/findInstructionAll.ts';
import { useSaveInstruction } from '../../../../features/instructions/api/saveInstruction.ts';
import { RichTextEditor } from '../../components/RichTextEditor/index.ts';
import { ensureOk, errorText } from '../../operation-result.ts';
import { instructionEditPath } from './InstructionList.tsx';
import './settings-pages.css';
import { RecordState } from '../../components/RecordState.tsx';

interface Values {
  title: string;
  title_en: string;
  order: number;
  state: InstructionState;
  content: string;
  content_en: string;
}

const LIST_PATH = '/manage/settings/instruction';

/** Edits a usage instruction (`/manage/settings/instruction/{id}`; `new` creates one). */
export default function InstructionEdit() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const found = useFindInstruction(isNew ? null : id);
  const save = useSaveInstruction();
  const [form] = Form.useForm<Values>();
  const [uploading, setUploading] = useState({ zh: 0, en: 0 });

  if (!isNew && !found.data) {
    return <RecordState query={found} notFound={t('settingsAdmin.instruction.notFound')} />;
  }
  const initial: Values = found.data
    ? { ...found.data }
    : { title: '', title_en: '', order: 0, state: 'draft', content: '', content_en: '' };

  const submit = async (values: Values) => {
    // Spec 5: every image must have finished uploading before the content is saved.
    if (uploading.zh + uploading.en > 0) {
      void message.warning(t('richText.waitForImages'));
      return;
    }
    try {
      const result = ensureOk(
        await save.mutateAsync({
          ...(isNew ? {} : { id }),
          title: values.title.trim(),
          title_en: (values.title_en ?? '').trim(),
          order: values.order ?? 0,
          state: values.state,
          content: values.content ?? '',
          content_en: values.content_en ?? '',
        }),
      );
      void message.success(t('settingsAdmin.saved'));
      const newId = result.ids?.[0];
      if (isNew && newId) navigate(instructionEditPath(newId), { replace: true });
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const required = (field: string) => ({ required: true, whitespace: true, message: t('common.required', { field }) });

  return (
    <Card
      className="yy-settings-page"
      title={isNew ? t('settingsAdmin.instruction.new') : t('route.manage.settingsInstructionEdit')}
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} key={id} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="title"
          label={t('settingsAdmin.instruction.title')}
          rules={[required(t('settingsAdmin.instruction.title')), { max: 200 }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="title_en" label={t('settingsAdmin.instruction.titleEn')} rules={[{ max: 400 }]}>
          <Input maxLength={400} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="order" label={t('settingsAdmin.order')} extra={t('settingsAdmin.orderHint')}>
            <InputNumber min={-100000} max={100000} precision={0} />
          </Form.Item>
          <Form.Item name="state" label={t('settingsAdmin.state')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'draft', label: t('settingsAdmin.instruction.draft') },
                { value: 'published', label: t('settingsAdmin.instruction.published') },
              ]}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="content"
          label={t('settingsAdmin.instruction.content')}
          rules={[{ required: true, message: t('common.required', { field: t('settingsAdmin.instruction.content') }) }]}
        >
          <RichTextEditor
            height={240}
            ariaLabel={t('settingsAdmin.instruction.content')}
            onUploadingChange={(n) => setUploading((u) => (u.zh === n ? u : { ...u, zh: n }))}
          />
        </Form.Item>
        <Form.Item name="content_en" label={t('settingsAdmin.instruction.contentEn')}>
          <RichTextEditor
            height={240}
            ariaLabel={t('settingsAdmin.instruction.contentEn')}
            onUploadingChange={(n) => setUploading((u) => (u.en === n ? u : { ...u, en: n }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
          <Button htmlType="button" onClick={() => navigate(LIST_PATH)}>
            {t('settingsAdmin.back')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
