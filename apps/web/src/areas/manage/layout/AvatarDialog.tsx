import { UploadOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Modal, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveUserImage } from '../../../features/directory/api/saveUserImage.ts';
import { RequestError } from '../../../lib/graphql.ts';
import { pick } from '../../../lib/i18n.ts';
import { AVATAR_TYPES, isAvatarType, uploadFile } from './upload.ts';

export interface AvatarDialogProps {
  open: boolean;
  onClose: () => void;
  token: string;
  account: string;
  name: string;
  avatar: string | null;
}

function errorText(err: unknown): string {
  if (err instanceof RequestError) return pick(err.message, err.messageEn);
  return err instanceof Error ? err.message : String(err);
}

/**
 * 修改头像 (spec 2.6): choose a png, jpeg, gif or webp image, see it, then 保存 uploads it and
 * stores its uri as the user's avatar; a refusal shows the server's message (spec 5).
 */
export function AvatarDialog({ open, onClose, token, account, name, avatar }: AvatarDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const save = useSaveUserImage();

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const close = () => {
    setFile(null);
    setError(null);
    onClose();
  };
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!isAvatarType(chosen.type)) {
      setFile(null);
      setError(t('avatar.wrongType'));
      return;
    }
    setError(null);
    setFile(chosen);
  };
  const submit = async () => {
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      const uri = await uploadFile(file, token, 'avatar');
      await save.mutateAsync({ account, image: uri });
      void message.success(t('avatar.saved'));
      close();
    } catch (err) {
      const text = errorText(err);
      setError(text);
      void message.error(text);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('common.changeAvatar')}
      width={300}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" disabled={!file} loading={uploading} onClick={() => void submit()}>
          {t('common.save')}
        </Button>,
      ]}
    >
      <div className="yy-avatar-dialog">
        <Avatar size={96} src={preview ?? avatar ?? undefined} alt={t('avatar.preview')}>
          {name.slice(0, 1)}
        </Avatar>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="yy-visually-hidden"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button icon={<UploadOutlined />} aria-describedby={hintId} onClick={() => input.current?.click()}>
          {t('avatar.choose')}
        </Button>
        <Typography.Text type="secondary" id={hintId} className="yy-avatar-hint">
          {file ? t('avatar.chosen', { name: file.name }) : t('avatar.hint')}
        </Typography.Text>
        {error ? (
          <Typography.Text type="danger" role="alert">
            {t('avatar.failed', { message: error })}
          </Typography.Text>
        ) : null}
      </div>
    </Modal>
  );
}
