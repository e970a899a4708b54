import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Form,
  Image,
  Input,
  Modal,
  Rate,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.tsx';
import { bookingDate } from '../../../features/booking/dates.ts';
import { errorText } from '../../../features/booking/result.ts';
import type { Appointment } from '../../../features/booking/types.ts';
import { uploadAttachment } from '../../../features/booking/upload.ts';
import { useDeleteAppointmentEvaluate } from '../../../features/evaluations/api/deleteAppointmentEvaluate.ts';
import { useMyEvaluationOf } from '../../../features/evaluations/api/findAppointmentEvaluateAllForAccount.ts';
import { useSaveAppointmentEvaluate } from '../../../features/evaluations/api/saveAppointmentEvaluate.ts';
import {
  CONTENT_MAX,
  EMPTY_EVALUATION,
  PICTURES_MAX,
  PICTURE_ACCEPT,
  SCORE_KEYS,
  evaluateAction,
  evaluationModel,
  hasErrors,
  validateEvaluation,
  valuesOf,
  type EvaluationErrors,
  type EvaluationValues,
} from '../../../features/evaluations/form.ts';
import type { Evaluation } from '../../../features/evaluations/types.ts';
import { pick } from '../../../lib/i18n.ts';
import { fileUrl } from '../../../lib/attachment-link.ts';
import { ShownStars } from './ShownStars.tsx';
import './evaluations-pc.css';

/** A saved picture in the upload list: `url` is its stored uri, the thumbnail loads with the token (it is private). */
const fileOf =
  (token: string) =>
  (uri: string, i: number): UploadFile => ({
    uid: `saved-${i}`,
    name: uri,
    status: 'done',
    url: uri,
    thumbUrl: fileUrl(uri, token),
  });

/** The pictures of an evaluation that are uploaded (not failed or on their way). */
const picturesOf = (files: UploadFile[]) =>
  files
    .filter((f) => f.status === 'done')
    .map((f) => f.url ?? (f.response as { uri?: string } | undefined)?.uri ?? '')
    .filter(Boolean);

/** The evaluation form: four star scores, text, pictures uploaded as they are picked, anonymous. */
function EvaluationFormBody({
  values,
  files,
  errors,
  onChange,
  onFiles,
}: {
  values: EvaluationValues;
  files: UploadFile[];
  errors: EvaluationErrors;
  onChange: (patch: Partial<EvaluationValues>) => void;
  onFiles: (files: UploadFile[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = useSession();
  const help = (field: keyof EvaluationErrors) =>
    errors[field] ? t(`evaluations.${errors[field].key}`, errors[field].values) : undefined;
  return (
    <Form layout="horizontal" labelCol={{ flex: '7em' }} className="yy-pc-ev-form" component="div">
      {SCORE_KEYS.map((key) => (
        <Form.Item
          key={key}
          label={t(`evaluations.scores.${key}`)}
          required
          validateStatus={errors[key] ? 'error' : undefined}
          help={help(key)}
        >
          <Space>
            <span role="radiogroup" aria-label={t(`evaluations.scores.${key}`)}>
              <Rate
                allowClear={false}
                value={values.scores[key]}
                onChange={(v) => onChange({ scores: { ...values.scores, [key]: v } })}
              />
            </span>
            <Typography.Text type="secondary">
              {values.scores[key] ? t('evaluations.stars', { n: values.scores[key] }) : ''}
            </Typography.Text>
          </Space>
        </Form.Item>
      ))}
      <Form.Item
        label={t('evaluations.form.content')}
        htmlFor="yy-pc-ev-content"
        validateStatus={errors.content ? 'error' : undefined}
        help={help('content')}
      >
        <Input.TextArea
          id="yy-pc-ev-content"
          value={values.content}
          onChange={(e) => onChange({ content: e.target.value })}
          placeholder={t('evaluations.form.contentPlaceholder')}
          maxLength={CONTENT_MAX}
          showCount
          autoSize={{ minRows: 4, maxRows: 10 }}
        />
      </Form.Item>
      <Form.Item
        label={t('evaluations.form.pictures')}
        validateStatus={errors.pictures ? 'error' : undefined}
        help={help('pictures') ?? t('evaluations.form.picturesHint', { max: PICTURES_MAX })}
      >
        <Upload
          listType="picture-card"
          accept={PICTURE_ACCEPT}
          multiple
          maxCount={PICTURES_MAX}
          fileList={files}
          // The pictures are private files: the preview opens with the token, like the thumbnails.
          onPreview={(f) => {
            const uri = f.url ?? (f.response as { uri?: string } | undefined)?.uri;
            if (uri) window.open(fileUrl(uri, token), '_blank', 'noopener,noreferrer');
          }}
          beforeUpload={(file) => {
            if (PICTURE_ACCEPT.split(',').includes(file.type)) return true;
            message.error(t('evaluations.form.notImage'));
            return Upload.LIST_IGNORE;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            uploadAttachment(file as File, token, 'evaluation-picture').then(
              (uploaded) => onSuccess?.({ uri: uploaded.uri }),
              (err: unknown) => {
                const reason = err instanceof Error ? err.message : String(err);
                message.error(`${t('evaluations.form.uploadFailed')}: ${reason}`);
                onError?.(err instanceof Error ? err : new Error(reason));
              },
            );
          }}
          onChange={({ fileList }) =>
            onFiles(
              fileList.map((f) =>
                f.status === 'done' && !f.url ? { ...f, url: (f.response as { uri?: string } | undefined)?.uri } : f,
              ),
            )
          }
        >
          {files.length >= PICTURES_MAX ? null : (
            <button type="button" className="yy-pc-ev-upload">
              <PlusOutlined />
              <span>{t('evaluations.form.addPicture')}</span>
            </button>
          )}
        </Upload>
      </Form.Item>
      <Form.Item
        label={t('evaluations.form.anonymous')}
        htmlFor="yy-pc-ev-anonymous"
        extra={t('evaluations.form.anonymousHint')}
      >
        <Switch id="yy-pc-ev-anonymous" checked={values.anonymous} onChange={(anonymous) => onChange({ anonymous })} />
      </Form.Item>
    </Form>
  );
}

/** The user's evaluation, as others see it plus its anonymous flag and hidden state. */
function EvaluationView({ evaluation: e }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <div className="yy-pc-ev-view">
      <Descriptions size="small" column={2} bordered>
        {SCORE_KEYS.map((key) => (
          <Descriptions.Item key={key} label={t(`evaluations.scores.${key}`)}>
            <ShownStars
              value={e[key]}
              label={t('evaluations.starsLabel', { label: t(`evaluations.scores.${key}`), n: e[key] })}
            />
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('evaluations.form.content')} span={2}>
          <Typography.Paragraph className="yy-pc-ev-content">{e.content || '-'}</Typography.Paragraph>
        </Descriptions.Item>
        {(e.pictures ?? []).length ? (
          <Descriptions.Item label={t('evaluations.form.pictures')} span={2}>
            <Image.PreviewGroup>
              <Space wrap>
                {(e.pictures ?? []).map((uri, i) => (
                  <Image
                    key={`${uri}-${i}`}
                    src={fileUrl(uri, token)}
                    width={72}
                    height={72}
                    style={{ objectFit: 'cover', borderRadius: 6 }}
                    alt={t('evaluations.reviews.picture', { n: i + 1 })}
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('evaluations.form.anonymous')}>
          {e.is_anonymous === '1' ? <Tag>{t('evaluations.mine.anonymous')}</Tag> : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('evaluations.mine.time')}>{e.update_time || e.create_time}</Descriptions.Item>
        {e.reply_content ? (
          <Descriptions.Item label={t('evaluations.reviews.reply')} span={2}>
            <Typography.Paragraph className="yy-pc-ev-content">{e.reply_content}</Typography.Paragraph>
            <Typography.Text type="secondary">{e.reply_time}</Typography.Text>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {e.state === '0' ? (
        <Alert type="warning" showIcon title={t('evaluations.mine.hidden')} style={{ marginTop: 12 }} />
      ) : null}
    </div>
  );
}

/**
 * The comment dialog (spec 2.6) of a booking: evaluate a performed booking of the user (four
 * star scores, text, up to nine pictures, anonymous), checked before the submit; the server's
 * refusal shows in the dialog with its reason. Once evaluated: the user's evaluation, to edit or delete.
 */
export default function CommentDialog({ appointment: a, onClose }: { appointment: Appointment; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { account, token } = useSession();
  const mine = useMyEvaluationOf(a.id);
  const save = useSaveAppointmentEvaluate();
  const remove = useDeleteAppointmentEvaluate();
  const [editing, setEditing] = useState<Evaluation | null>(null);
  const [values, setValues] = useState<EvaluationValues>(EMPTY_EVALUATION);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState('');

  const uploading = files.filter((f) => f.status === 'uploading').length;
  const current = { ...values, pictures: picturesOf(files) };
  const errors = checked ? validateEvaluation(current, uploading) : {};
  const existing = mine.data ?? null;
  const formShown = !mine.isPending && !mine.error && (!existing || editing);
  const allowed = existing ? true : evaluateAction(a, account) !== null;

  const startEdit = (e: Evaluation) => {
    const v = valuesOf(e);
    setValues(v);
    setFiles(v.pictures.map(fileOf(token)));
    setChecked(false);
    setRefusal('');
    setEditing(e);
  };

  const submit = async () => {
    setChecked(true);
    setRefusal('');
    if (hasErrors(validateEvaluation(current, uploading))) return;
    try {
      await save.mutateAsync(evaluationModel(current, { appointmentId: a.id, id: editing?.id }));
    } catch (err) {
      setRefusal(errorText(err));
      return;
    }
    message.success(t(editing ? 'evaluations.form.updated' : 'evaluations.form.saved'));
    if (editing) setEditing(null);
    else onClose();
  };

  const askDelete = (e: Evaluation) =>
    modal.confirm({
      title: t('evaluations.mine.deleteConfirm'),
      okText: t('evaluations.mine.delete'),
      okButtonProps: { danger: true },
      cancelText: t('evaluations.mine.keep'),
      onOk: async () => {
        try {
          await remove.mutateAsync(e.id);
          message.success(t('evaluations.mine.deleted'));
        } catch (err) {
          message.error(errorText(err));
        }
      },
    });

  let body;
  let footer;
  const close = <Button onClick={onClose}>{t(formShown ? 'evaluationsPc.cancel' : 'evaluationsPc.close')}</Button>;
  if (mine.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
    footer = close;
  } else if (mine.error) {
    body = (
      <Alert
        type="error"
        showIcon
        title={errorText(mine.error)}
        action={
          <Button size="small" onClick={() => void mine.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
    footer = close;
  } else if (existing && !editing) {
    body = <EvaluationView evaluation={existing} />;
    footer = (
      <Space>
        <Button danger onClick={() => askDelete(existing)}>
          {t('evaluations.mine.delete')}
        </Button>
        <Button onClick={() => startEdit(existing)}>{t('evaluations.mine.edit')}</Button>
        <Button type="primary" onClick={onClose}>
          {t('evaluationsPc.close')}
        </Button>
      </Space>
    );
  } else if (!allowed) {
    body = (
      <Alert
        type="info"
        showIcon
        title={t(a.appointment_user !== account ? 'evaluations.booking.notBooker' : 'evaluations.booking.notPerformed')}
      />
    );
    footer = close;
  } else {
    body = (
      <>
        {refusal ? (
          <Alert
            type="error"
            showIcon
            title={t('evaluations.form.failed')}
            description={refusal}
            style={{ marginBottom: 12 }}
          />
        ) : null}
        <EvaluationFormBody
          values={values}
          files={files}
          errors={errors}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
          onFiles={setFiles}
        />
      </>
    );
    footer = (
      <Space>
        {editing ? <Button onClick={() => setEditing(null)}>{t('evaluations.form.cancelEdit')}</Button> : close}
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          {t(editing ? 'evaluations.form.save' : 'evaluations.form.submit')}
        </Button>
      </Space>
    );
  }

  return (
    <Modal
      open
      title={t('evaluationsPc.dialogTitle', { name: pick(a.resources_name, a.resources_name_en) })}
      onCancel={onClose}
      width={640}
      footer={footer}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {bookingDate(a.appointment_date)} {a.start_time}–{a.end_time}
      </Typography.Paragraph>
      {body}
    </Modal>
  );
}
