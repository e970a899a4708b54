import { Button } from 'antd-mobile';
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
import { GrowingTextArea } from '../../components/GrowingTextArea.tsx';
import { ImagePicker, type ImagePickerTexts } from '../../components/ImagePicker.tsx';
import { showToast } from '../../components/overlay.ts';
import { openPictures } from './open-pictures.ts';
import { ScoreField } from './ScoreField.tsx';

/**
 * The evaluation form of the phone: four star scores, the text, up to nine pictures (uploaded
 * as they are picked, each with its state) and the anonymous switch. Checked before `onSubmit`
 * (which shows the server's refusal itself); the errors show under their fields.
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

  const pictureTexts: ImagePickerTexts = {
    add: t('evaluations.form.addPicture'),
    picture: (n) => t('evaluations.reviews.picture', { n }),
    remove: (n) => t('evaluations.form.removePicture', { n }),
    uploading: t('evaluations.form.pictureUploading'),
    failedShort: t('evaluations.form.pictureFailedShort'),
    failed: (n, reason) => t('evaluations.form.pictureFailed', { n, reason }),
    retry: t('evaluations.form.retryUpload'),
    notImage: t('evaluations.form.notImage'),
    tooMany: t('evaluations.errors.tooManyPictures', { max: PICTURES_MAX }),
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
        <div className="yy-ev-textarea">
          <GrowingTextArea
            id="yy-ev-content"
            minRows={4}
            maxRows={10}
            placeholder={t('evaluations.form.contentPlaceholder')}
            value={values.content}
            onValue={(content) => setValues((s) => ({ ...s, content }))}
            maxLength={CONTENT_MAX}
            aria-invalid={message('content') ? true : undefined}
            aria-describedby={message('content') ? 'yy-ev-content-error' : undefined}
          />
          <div className="yy-ev-count" aria-hidden>
            {values.content.length}/{CONTENT_MAX}
          </div>
        </div>
        {message('content') ? (
          <p className="yy-m-error-text" id="yy-ev-content-error">
            {message('content')}
          </p>
        ) : null}
        <p className="yy-m-field-label" id="yy-ev-pictures">
          {t('evaluations.form.pictures')}
          <span className="yy-m-muted yy-ev-hint" id="yy-ev-pictures-hint">
            {t('evaluations.form.picturesHint', { max: PICTURES_MAX })}
          </span>
        </p>
        <ImagePicker
          initial={initial.pictures}
          max={PICTURES_MAX}
          accept={PICTURE_ACCEPT}
          upload={async (file) => (await uploadAttachment(file, token, 'evaluation-picture')).uri}
          onChange={({ uris, uploading: pending }) => {
            setValues((s) => ({ ...s, pictures: uris }));
            setUploading(pending);
          }}
          onOpen={openPictures}
          texts={pictureTexts}
          labelledBy="yy-ev-pictures"
          describedBy="yy-ev-pictures-hint"
        />
        {message('pictures') ? <p className="yy-m-error-text">{message('pictures')}</p> : null}
        <div className="yy-ev-switch">
          <label htmlFor="yy-ev-anonymous">
            <span>{t('evaluations.form.anonymous')}</span>
            <span className="yy-m-muted">{t('evaluations.form.anonymousHint')}</span>
          </label>
          {/* A native checkbox drawn as a switch: it takes the focus, the keys and the label's taps. */}
          <span className="yy-ev-toggle">
            <input
              id="yy-ev-anonymous"
              type="checkbox"
              role="switch"
              className="yy-ev-toggle-input"
              checked={values.anonymous}
              onChange={(e) => setValues((s) => ({ ...s, anonymous: e.target.checked }))}
            />
            <span className="yy-ev-toggle-track" aria-hidden />
          </span>
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
