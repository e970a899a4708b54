import { Button } from 'antd-mobile';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQrCamera } from '../../../../features/checkin/camera.ts';
import { decodeQrFile } from '../../../../features/checkin/qrDecode.ts';
import { GrowingTextArea } from '../../components/GrowingTextArea.tsx';

/**
 * Three ways to read a QR code on a phone: the camera (getUserMedia; the decoder loads when it
 * starts), a picture of it (photo or screenshot), or its text typed or pasted. `onText` gets
 * what was read; while it runs the panel waits, and the camera stops after each read.
 */
export function ScanPanel({
  onText,
  busy,
  cameraHint,
  manualLabel,
}: {
  /** Resolves true when the text was taken (the typed text is then cleared). */
  onText: (text: string) => Promise<boolean>;
  busy: boolean;
  cameraHint: string;
  manualLabel: string;
}) {
  const { t } = useTranslation();
  const [manual, setManual] = useState('');
  const [pictureError, setPictureError] = useState('');
  const [reading, setReading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const camera = useQrCamera((text) => {
    camera.stop();
    void onText(text);
  });
  const scanning = camera.status === 'scanning' || camera.status === 'starting';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onText(manual)) setManual('');
  };

  const pickPicture = async (file: File | undefined) => {
    if (!file) return;
    setPictureError('');
    setReading(true);
    try {
      const text = await decodeQrFile(file);
      if (text) await onText(text);
      else setPictureError(t('checkin.scan.pictureNone'));
    } catch {
      setPictureError(t('checkin.scan.pictureUnreadable'));
    } finally {
      setReading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const cameraProblem =
    camera.status === 'unsupported' || camera.status === 'denied' || camera.status === 'failed'
      ? t(`checkin.scan.camera.${camera.status}`)
      : '';

  return (
    <>
      <section className="yy-m-card" aria-labelledby={`${fieldId}-scan`}>
        <h2 id={`${fieldId}-scan`}>{t('checkin.scan.title')}</h2>
        <div className="yy-mc-video" hidden={!scanning}>
          <video ref={camera.videoRef} muted playsInline aria-label={t('checkin.scan.cameraView')} />
          <span className="yy-mc-video-frame" aria-hidden />
          <span className="yy-mc-video-hint">{cameraHint}</span>
        </div>
        {cameraProblem && (
          <p className="yy-m-error-text" role="alert" style={{ marginBottom: 10 }}>
            {cameraProblem}
          </p>
        )}
        <div className="yy-mc-stack">
          {camera.status !== 'unsupported' &&
            (scanning ? (
              <Button block onClick={camera.stop}>
                {t('checkin.scan.stopCamera')}
              </Button>
            ) : (
              <Button block color="primary" disabled={busy} onClick={() => void camera.start()}>
                {t('checkin.scan.startCamera')}
              </Button>
            ))}
          <Button
            block
            color={camera.status === 'unsupported' ? 'primary' : 'default'}
            fill={camera.status === 'unsupported' ? 'solid' : 'outline'}
            loading={reading}
            disabled={busy}
            onClick={() => fileRef.current?.click()}
          >
            {t('checkin.scan.picture')}
          </Button>
          <input
            ref={fileRef}
            className="yy-mc-file"
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-label={t('checkin.scan.picture')}
            onChange={(e) => void pickPicture(e.target.files?.[0])}
          />
          {pictureError && (
            <p className="yy-m-error-text" role="alert">
              {pictureError}
            </p>
          )}
        </div>
      </section>
      <form className="yy-m-card" onSubmit={(e) => void submit(e)} aria-labelledby={`${fieldId}-manual`}>
        <h2 id={`${fieldId}-manual`}>{t('checkin.scan.manualTitle')}</h2>
        <label className="yy-mc-field-label" htmlFor={`${fieldId}-code`}>
          {manualLabel}
        </label>
        <div className="yy-mc-textarea">
          <GrowingTextArea
            id={`${fieldId}-code`}
            value={manual}
            onValue={setManual}
            placeholder={t('checkin.scan.manualPlaceholder')}
            minRows={2}
            maxRows={5}
            maxLength={2000}
          />
        </div>
        <Button
          block
          type="submit"
          color="primary"
          fill="outline"
          loading={busy}
          disabled={busy}
          style={{ marginTop: 10 }}
        >
          {t('checkin.scan.submit')}
        </Button>
      </form>
    </>
  );
}
