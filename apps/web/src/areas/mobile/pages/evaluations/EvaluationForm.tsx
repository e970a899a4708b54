import { Button, ImageUploader, Switch, TextArea, type ImageUploadItem } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.tsx';
import { uploadAttachment } from '../../../../features/booking/upload.ts';
import {
  CONTENT_MAX,
  PICTURES_MAX,
  PICTURE_ACCEPT,
  SCORE_KEYS,
  hasErrors,
  validateEvaluation,
  type EvaluationErrors,
  type EvaluationValues,
} from '../../../../features/evaluations/form.ts';
import { showToast } from '../../components/overlay.ts';
import { ScoreField } from './ScoreField.tsx';

/**
 * The evaluation form of the phone: four star scores, the text, up to nine pictures (uploaded
 * as they are picked) and the anonymous switch. Checked before `onSubmit` (which shows the
 * server's refusal itself); the errors show under their fields.
 */
export function EvaluationForm({
  initial,
  submitText,
  onSubmit,
  onCancel,
}: {
  initial: EvaluationValues;
  submitText: string;
  onSubmit: (values: EvaluationValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const [values, setValues] = useState(initial);
  const [uploading, setUploading] = useState(0);
  const [checked, setChecked] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const errors: EvaluationErrors = checked ? validateEvaluation(values, uploading) : {};
  const message = (field: keyof EvaluationErrors) =>
    errors[field] ? t(`evaluations.${errors[field].key}`, errors[field].values) : undefined;

  const upload = async (file: File): Promise<ImageUploadItem> => {
    try {
      const { uri } = await uploadAttachment(file, token);
      return { url: uri, key: uri };
    } catch (err) {
      void showToast(
        `${t('evaluations.form.uploadFailed')}: ${err instanceof Error ? err.message : String(err)}`,
        'fail',
      );
      throw err;
    }
  };

  const submit = async () => {
    setChecked(true);
    const found = validateEvaluation(values, uploading);
    if (hasErrors(found)) {
      void showToast(t('evaluations.errors.fix'), 'fail');
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      className="yy-ev-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <section className="yy-m-card" aria-labelledby="yy-ev-scores">
        <h2 id="yy-ev-scores" className="yy-m-visually-hidden">
          {t('evaluations.reviews.summary')}
        </h2>
        {SCORE_KEYS.map((key) => (
          <ScoreField
            key={key}
            label={t(`evaluations.scores.${key}`)}
            value={values.scores[key]}
            error={message(key)}
            onChange={(v) => setValues((s) => ({ ...s, scores: { ...s.scores, [key]: v } }))}
          />
        ))}
      </section>
      <section className="yy-m-card">
        <label className="yy-m-field-label" htmlFor="yy-ev-content">
          {t('evaluations.form.content')}
        </label>
        <TextArea
          id="yy-ev-content"
          className="yy-ev-textarea"
          placeholder={t('evaluations.form.contentPlaceholder')}
          value={values.content}
          onChange={(content) => setValues((s) => ({ ...s, content }))}
          maxLength={CONTENT_MAX}
          showCount
          autoSize={{ minRows: 4, maxRows: 10 }}
        />
        {message('content') ? <p className="yy-m-error-text">{message('content')}</p> : null}
        <p className="yy-m-field-label" id="yy-ev-pictures">
          {t('evaluations.form.pictures')}
          <span className="yy-m-muted yy-ev-hint">{t('evaluations.form.picturesHint', { max: PICTURES_MAX })}</span>
        </p>
        <ImageUploader
          aria-labelledby="yy-ev-pictures"
          value={values.pictures.map((url) => ({ url, key: url }))}
          onChange={(items) => setValues((s) => ({ ...s, pictures: items.map((i) => i.url) }))}
          upload={upload}
          accept={PICTURE_ACCEPT}
          multiple
          maxCount={PICTURES_MAX}
          onUploadQueueChange={(tasks) => setUploading(tasks.filter((task) => task.status === 'pending').length)}
          beforeUpload={(file) => {
            if (PICTURE_ACCEPT.split(',').includes(file.type)) return file;
            void showToast(t('evaluations.form.notImage'), 'fail');
            return null;
          }}
        />
        {message('pictures') ? <p className="yy-m-error-text">{message('pictures')}</p> : null}
        <div className="yy-ev-switch">
          <label htmlFor="yy-ev-anonymous">
            <span>{t('evaluations.form.anonymous')}</span>
            <span className="yy-m-muted">{t('evaluations.form.anonymousHint')}</span>
          </label>
          {/* antd-mobile's switch takes no focus nor keys: a native one carries them, the kit's shows it. */}
          <input
            id="yy-ev-anonymous"
            type="checkbox"
            role="switch"
            className="yy-m-visually-hidden"
            checked={values.anonymous}
            onChange={(e) => setValues((s) => ({ ...s, anonymous: e.target.checked }))}
          />
          <Switch
            checked={values.anonymous}
            onChange={(anonymous) => setValues((s) => ({ ...s, anonymous }))}
            aria-hidden
          />
        </div>
      </section>
      <div className="yy-m-actions yy-ev-actions">
        {onCancel ? (
          <Button fill="outline" onClick={onCancel} disabled={submitting}>
            {t('evaluations.form.cancelEdit')}
          </Button>
        ) : null}
        <Button color="primary" type="submit" loading={submitting} block={!onCancel}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
