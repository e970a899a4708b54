import { App, Button, Image, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.tsx';
import { UploadError, isAvatarType, uploadFile } from '../../layout/upload.ts';

export interface ImageUploadFieldProps {
  /** The image's uri (an upload's `/yy-sys/api/file/<id>` or an http(s) URL); '' for none. */
  value?: string;
  onChange?: (uri: string) => void;
  /** Names the image in the buttons' accessible labels. */
  label: string;
  /** Preview box height in px. */
  previewHeight?: number;
}

/** An antd Form control: uploads an image through the upload endpoint and previews it. */
export function ImageUploadField({ value = '', onChange, label, previewHeight = 48 }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = useSession();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!isAvatarType(file.type)) {
      void message.error(t('settingsAdmin.imageType'));
      return;
    }
    setBusy(true);
    try {
      onChange?.(await uploadFile(file, token, 'branding'));
    } catch (err) {
      void message.error(err instanceof UploadError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space align="center" wrap>
      <div className="yy-image-field-preview" style={{ height: previewHeight }}>
        {value ? (
          <Image src={value} alt={label} height={previewHeight} />
        ) : (
          <span className="yy-image-field-empty">{t('settingsAdmin.noImage')}</span>
        )}
      </div>
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} aria-label={t('settingsAdmin.uploadOf', { name: label })}>
          {t('settingsAdmin.upload')}
        </Button>
      </Upload>
      {value ? (
        <Button
          icon={<DeleteOutlined />}
          aria-label={t('settingsAdmin.removeOf', { name: label })}
          onClick={() => onChange?.('')}
        >
          {t('settingsAdmin.remove')}
        </Button>
      ) : null}
    </Space>
  );
}
