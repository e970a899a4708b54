import { Button, Input, Radio, Space, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeQrFile } from '../../../../features/checkin/qrDecode.ts';
import type { SignDirection } from '../../../../features/checkin/types.ts';

/**
 * Where a desk's scan comes in: a USB scanner types the QR code's text and Enter into the
 * focused field (kept focused), or it is pasted or typed, or read from a picture. Check-in or
 * check-out is chosen above it.
 */
export function ScanInput({
  direction,
  onDirection,
  onText,
  busy,
  label,
}: {
  direction: SignDirection;
  onDirection: (value: SignDirection) => void;
  /** Resolves true when the text was taken (the field is then cleared). */
  onText: (text: string) => Promise<boolean>;
  busy: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [pictureError, setPictureError] = useState('');
  const ref = useRef<React.ComponentRef<typeof Input>>(null);

  useEffect(() => {
    if (!busy) ref.current?.focus();
  }, [busy, direction]);

  const submit = async (text: string) => {
    if (busy) return;
    if (await onText(text)) setValue('');
    ref.current?.focus();
  };

  const picture = async (file: File) => {
    setPictureError('');
    try {
      const text = await decodeQrFile(file);
      if (text) await submit(text);
      else setPictureError(t('checkin.scan.pictureNone'));
    } catch {
      setPictureError(t('checkin.scan.pictureUnreadable'));
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Radio.Group
        value={direction}
        onChange={(e) => onDirection(e.target.value as SignDirection)}
        optionType="button"
        buttonStyle="solid"
        aria-label={t('checkin.scanner.direction')}
        options={[
          { value: 'in', label: t('checkin.direction.in') },
          { value: 'out', label: t('checkin.direction.out') },
        ]}
      />
      <label htmlFor="yy-pc-scan-input" style={{ display: 'block' }}>
        {label}
      </label>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id="yy-pc-scan-input"
          ref={ref}
          className="yy-pc-signer-input"
          size="large"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onPressEnter={() => void submit(value)}
          placeholder={t('checkin.desk.placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={2000}
          allowClear
        />
        <Button size="large" type="primary" loading={busy} onClick={() => void submit(value)}>
          {t('checkin.scan.submit')}
        </Button>
      </Space.Compact>
      <Space wrap>
        <Upload
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file) => {
            void picture(file);
            return false;
          }}
        >
          <Button disabled={busy}>{t('checkin.scan.picture')}</Button>
        </Upload>
        {pictureError && (
          <span role="alert" style={{ color: '#c4403a' }}>
            {pictureError}
          </span>
        )}
      </Space>
    </Space>
  );
}
