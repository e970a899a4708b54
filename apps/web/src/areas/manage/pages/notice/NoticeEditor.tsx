import { App, Button, Drawer, Form, Input, Radio, Space, Tabs } from 'antd';
import { ResourceTypeInput } from '../settings/ResourceTypeInput.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../../../features/notices/api/types.ts';
import { useSaveNotice, type SaveNoticeModel } from '../../../../features/notices/api/saveNotice.ts';
import { RichTextEditor } from '../../components/RichTextEditor/index.ts';
import { errorText } from '../../operation-result.ts';

interface Values {
  note_category: string;
  title: string;
  title_en: string;
  resource_type_id: string;
  resource_type_name: string;
  content: string;
  content_en: string;
  /** `datetime-local` value: "YYYY-MM-DDTHH:mm[:ss]". */
  release_time: string;
  popup_mode: string;
  popup_end_date: string;
}

/** "YYYY-MM-DD HH:mm:ss" (wire) to a datetime-local value and back. */
const toLocalInput = (wire: string) => (wire ? wire.replace(' ', 'T') : '');
const fromLocalInput = (value: string) => {
  if (!value) return '';
  const [date, time = '00:00'] = value.split('T');
  return `${date} ${time.length === 5 ? `${time}:00` : time}`;
};

function initialValues(notice: Notice | null): Values {
  return {
    note_category: notice?.note_category ?? '1',
    title: notice?.title ?? '',
    title_en: notice?.title_en ?? '',
    resource_type_id: notice?.resource_type_id ?? '',
    resource_type_name: notice?.resource_type_name ?? '',
    content: notice?.content ?? '',
    content_en: notice?.content_en ?? '',
    release_time: toLocalInput(notice?.release_time ?? ''),
    popup_mode: notice?.popup_mode || '1',
    popup_end_date: notice?.popup_end_date ?? '',
  };
}

/**
 * Creates or edits a notice in a drawer: bilingual title and content (rich text, images
 * uploaded), category, resource type, release time, pop-up mode and end date. Refuses to save
 * while an image is still uploading (spec 5).
 */
export function NoticeEditor({
  open,
  notice,
  onClose,
}: {
  open: boolean;
  /** The notice to edit; null creates one. */
  notice: Notice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveNotice();
  const [uploadingZh, setUploadingZh] = useState(0);
  const [uploadingEn, setUploadingEn] = useState(0);
  const category = Form.useWatch('note_category', form);

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(notice));
  }, [open, notice, form]);

  const submit = async (values: Values) => {
    if (uploadingZh + uploadingEn > 0) {
      void message.warning(t('notices.message.uploading'));
      return;
    }
    const model: SaveNoticeModel = {
      ...(notice ? { id: notice.id } : {}),
      note_category: values.note_category,
      title: values.title.trim(),
      title_en: (values.title_en ?? '').trim(),
      resource_type_id: values.resource_type_id ?? '',
      resource_type_name: (values.resource_type_name ?? '').trim(),
      content: values.content ?? '',
      content_en: values.content_en ?? '',
      release_time: fromLocalInput(values.release_time ?? ''),
      popup_mode: values.note_category === '2' ? values.popup_mode : '',
      popup_end_date: values.note_category === '2' ? (values.popup_end_date ?? '') : '',
    };
    try {
      await save.mutateAsync(model);
      void message.success(t('notices.message.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('notices.message.required', { field: t(field) }),
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t(notice ? 'notices.editor.editTitle' : 'notices.editor.createTitle')}
      size="large"
      styles={{ wrapper: { width: 'min(860px, 100vw)' } }}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('notices.action.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('notices.action.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={initialValues(notice)}
      >
        <Form.Item name="note_category" label={t('notices.field.category')} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: '1', label: t('notices.category.1') },
              { value: '2', label: t('notices.category.2') },
            ]}
          />
        </Form.Item>
        <Form.Item name="title" label={t('notices.field.title')} rules={[required('notices.field.title')]}>
          <Input maxLength={200} placeholder={t('notices.placeholder.title')} />
        </Form.Item>
        <Form.Item name="title_en" label={t('notices.field.titleEn')}>
          <Input maxLength={400} placeholder={t('notices.placeholder.titleEn')} />
        </Form.Item>
        <Form.Item name="resource_type_id" label={t('notices.field.resourceTypeName')}>
          <ResourceTypeInput
            allowClear
            onChange={(_id, option) =>
              form.setFieldValue(
                'resource_type_name',
                option && !Array.isArray(option) ? String(option.label ?? '') : '',
              )
            }
          />
        </Form.Item>
        <Form.Item name="resource_type_name" hidden>
          <Input />
        </Form.Item>
        <Form.Item
          name="release_time"
          label={t('notices.field.releaseTime')}
          extra={t('notices.placeholder.releaseTime')}
        >
          <Input type="datetime-local" step={1} style={{ maxWidth: 280 }} />
        </Form.Item>
        {category === '2' && (
          <>
            <Form.Item name="popup_mode" label={t('notices.field.popupMode')}>
              <Radio.Group
                options={[
                  { value: '1', label: t('notices.popupMode.1') },
                  { value: '2', label: t('notices.popupMode.2') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="popup_end_date"
              label={t('notices.field.popupEndDate')}
              extra={`${t('notices.message.endDateHint')}; ${t('notices.placeholder.popupEndDate')}`}
            >
              <Input type="date" style={{ maxWidth: 200 }} />
            </Form.Item>
          </>
        )}
        <Tabs
          items={[
            {
              key: 'zh',
              label: t('notices.field.content'),
              forceRender: true,
              children: (
                <Form.Item name="content" rules={[required('notices.field.content')]}>
                  <RichTextEditor
                    height={240}
                    ariaLabel={t('notices.field.content')}
                    onUploadingChange={setUploadingZh}
                  />
                </Form.Item>
              ),
            },
            {
              key: 'en',
              label: t('notices.field.contentEn'),
              forceRender: true,
              children: (
                <Form.Item name="content_en">
                  <RichTextEditor
                    height={240}
                    ariaLabel={t('notices.field.contentEn')}
                    onUploadingChange={setUploadingEn}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
      </Form>
    </Drawer>
  );
}
