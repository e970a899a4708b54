import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Typography,
  Upload,
  type FormInstance,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.tsx';
import { fileUrl } from '../../../../lib/attachment-link.ts';
import {
  FORM_LIMITS,
  validateApplication,
  type ApplicationValues,
  type AttachmentValue,
} from '../../../../features/booking/form.ts';
import { ATTACHMENT_ACCEPT, uploadAttachment } from '../../../../features/booking/upload.ts';
import type { CollectionConfig } from '../../../../features/collection-config/api/findCollectionConfigAll.ts';
import { pick } from '../../../../lib/i18n.ts';

/** The form's raw values: collected fields as their widgets hold them. */
export interface RawFormValues {
  theme?: string;
  participants?: string[];
  phone?: string;
  email?: string;
  remark?: string;
  /** Asks for an online meeting (the switch shows only when the resource offers meetings). */
  meeting?: boolean;
  fields?: Record<string, string | number | Dayjs | null | undefined>;
}

/** The form as the booking feature takes it (collected values as text). */
export function applicationValuesOf(raw: RawFormValues, attachment: AttachmentValue | null): ApplicationValues {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw.fields ?? {})) {
    if (v === null || v === undefined) continue;
    fields[k] = typeof v === 'object' && 'format' in v ? v.format('YYYY-MM-DD') : String(v);
  }
  return {
    theme: raw.theme ?? '',
    phone: raw.phone ?? '',
    email: raw.email ?? '',
    remark: raw.remark ?? '',
    participants: (raw.participants ?? []).map((name) => ({ name, mobile: '' })),
    attachment,
    fields,
    meeting: raw.meeting === true,
  };
}

/** The antd field of a problem key of `validateApplication`. */
function fieldOf(key: string): (string | number)[] {
  if (key.startsWith('participants')) return ['participants'];
  if (key.startsWith('fields.')) return ['fields', key.slice('fields.'.length)];
  return [key];
}

/**
 * Checks the form with the booking feature's rules (shared with the phone screens) and shows
 * each problem under its field; the values when there is none.
 */
export function checkBookingForm(
  form: FormInstance,
  configs: readonly CollectionConfig[],
  attachment: AttachmentValue | null,
  t: (key: string, values?: Record<string, unknown>) => string,
): ApplicationValues | null {
  const raw = form.getFieldsValue(true) as RawFormValues;
  const values = applicationValuesOf(raw, attachment);
  const errors = validateApplication(values, configs, (c) => pick(c.label_zh, c.label_en));
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const [key, e] of Object.entries(errors)) {
    const name = fieldOf(key);
    const entry = byField.get(name.join('.')) ?? { name, errors: [] };
    entry.errors.push(t(e.key, e.values));
    byField.set(name.join('.'), entry);
  }
  form.setFields([...byField.values()]);
  return byField.size ? null : values;
}

/** Largest attachment the client lets through before asking the server (it has its own limit). */
const MAX_ATTACHMENT_MB = 20;

/**
 * The booking form (second step): subject, participants, contact, attachment, remark (when the
 * type allows one), the online meeting switch (when the resource offers meetings) and the type's
 * collected fields.
 */
export function BookingForm({
  form,
  initialValues,
  fields,
  allowRemark,
  meetingOffered,
  attachment,
  onAttachment,
}: {
  form: FormInstance;
  /** What was typed before going back a step. */
  initialValues?: RawFormValues;
  fields: readonly CollectionConfig[];
  allowRemark: boolean;
  /** The resource offers online meetings: the form shows the switch asking for one. */
  meetingOffered: boolean;
  attachment: AttachmentValue | null;
  onAttachment: (a: AttachmentValue | null) => void;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const clear = (name: (string | number)[]) => form.setFields([{ name, errors: [] }]);

  return (
    <Form
      form={form}
      initialValues={initialValues}
      layout="vertical"
      className="yy-booking-form"
      onValuesChange={(changed: Record<string, unknown>) =>
        Object.keys(changed).forEach((k) => k !== 'fields' && clear([k]))
      }
    >
      <Form.Item name="theme" label={t('pcBooking.form.theme')} required>
        <Input maxLength={FORM_LIMITS.theme} placeholder={t('pcBooking.form.themePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="participants"
        label={t('pcBooking.form.participants')}
        extra={t('pcBooking.form.participantsHint')}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', '，', ';', '；']}
          placeholder={t('pcBooking.form.participantsPlaceholder')}
        />
      </Form.Item>
      <Space size="large" align="start" className="yy-booking-form-row">
        <Form.Item name="phone" label={t('pcBooking.form.phone')}>
          <Input maxLength={FORM_LIMITS.phone} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="email" label={t('pcBooking.form.email')}>
          <Input maxLength={FORM_LIMITS.email} style={{ width: 280 }} />
        </Form.Item>
      </Space>
      <Form.Item
        label={t('pcBooking.form.attachment')}
        extra={t('pcBooking.form.attachmentHint', { max: MAX_ATTACHMENT_MB })}
        validateStatus={uploadError ? 'error' : undefined}
        help={uploadError ?? undefined}
      >
        {attachment ? (
          <Space>
            <PaperClipOutlined />
            <a href={fileUrl(attachment.uri, token)} target="_blank" rel="noreferrer">
              {attachment.name}
            </a>
            <Button size="small" type="link" danger onClick={() => onAttachment(null)}>
              {t('pcBooking.form.removeAttachment')}
            </Button>
          </Space>
        ) : (
          <Upload
            showUploadList={false}
            accept={ATTACHMENT_ACCEPT}
            customRequest={async ({ file }) => {
              const f = file as File;
              setUploadError(null);
              if (f.size > MAX_ATTACHMENT_MB * 1024 * 1024) {
                setUploadError(t('pcBooking.form.attachmentTooLarge', { max: MAX_ATTACHMENT_MB }));
                return;
              }
              setUploading(true);
              try {
                onAttachment(await uploadAttachment(f, token));
              } catch (err) {
                setUploadError(err instanceof Error ? err.message : String(err));
              } finally {
                setUploading(false);
              }
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              {t('pcBooking.form.upload')}
            </Button>
          </Upload>
        )}
      </Form.Item>
      {allowRemark ? (
        <Form.Item name="remark" label={t('pcBooking.form.remark')}>
          <Input.TextArea rows={3} maxLength={FORM_LIMITS.remark} showCount />
        </Form.Item>
      ) : null}
      {meetingOffered ? (
        <Form.Item
          name="meeting"
          label={t('pcBooking.form.meeting')}
          extra={t('pcBooking.form.meetingHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      ) : null}
      {fields.length > 0 ? (
        <Typography.Title level={5} className="yy-booking-form-section">
          {t('pcBooking.form.collected')}
        </Typography.Title>
      ) : null}
      {fields.map((f) => {
        const label = pick(f.label_zh, f.label_en);
        const name = ['fields', f.field_name];
        const item = (input: ReactNode) => (
          <Form.Item key={f.id} name={name} label={label} required={f.required}>
            {input}
          </Form.Item>
        );
        switch (f.field_type) {
          case 'textarea':
            return item(<Input.TextArea rows={3} maxLength={FORM_LIMITS.value} />);
          case 'number':
            return item(<InputNumber style={{ width: 200 }} onChange={() => clear(name)} />);
          case 'date':
            return item(<DatePicker onChange={() => clear(name)} />);
          case 'select':
            return item(
              <Select
                allowClear
                style={{ maxWidth: 360 }}
                onChange={() => clear(name)}
                options={f.options.map((o) => ({ value: o.value, label: pick(o.label_zh, o.label_en) }))}
              />,
            );
          default:
            return item(<Input maxLength={FORM_LIMITS.value} onChange={() => clear(name)} />);
        }
      })}
    </Form>
  );
}
