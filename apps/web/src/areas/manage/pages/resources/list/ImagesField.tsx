import { App, Button, Checkbox, Image, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../../app/session.tsx';
import type { ResourceImage } from '../../../../../features/resources/types.ts';
import { UploadError, isAvatarType, uploadFile } from '../../../layout/upload.ts';

export const MAX_IMAGES = 50;

/**
 * The resource's pictures (antd Form control): upload through the upload endpoint, preview,
 * remove, and mark one as the panorama (image_category "2"; the others are pictures, "1").
 */
export function ImagesField({
  value = [],
  onChange,
}: {
  value?: ResourceImage[];
  onChange?: (v: ResourceImage[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = useSession();
  const [busy, setBusy] = useState(0);
  // The latest list: several uploads finish one after another.
  const current = useRef(value);
  current.current = value;
  const set = (next: ResourceImage[]) => {
    current.current = next;
    onChange?.(next);
  };

  const upload = async (file: File) => {
    if (!isAvatarType(file.type)) {
      void message.error(t('resources.image.type'));
      return;
    }
    if (current.current.length >= MAX_IMAGES) {
      void message.error(t('resources.image.tooMany', { max: MAX_IMAGES }));
      return;
    }
    setBusy((n) => n + 1);
    try {
      const uri = await uploadFile(file, token, 'resource-picture');
      set([...current.current, { uri, image_category: '1' }]);
    } catch (err) {
      void message.error(err instanceof UploadError ? err.message : String(err));
    } finally {
      setBusy((n) => n - 1);
    }
  };

  return (
    <div className="yy-resource-images">
      <Image.PreviewGroup>
        {value.map((img, index) => (
          <figure key={`${img.uri}-${index}`} className="yy-resource-image">
            <Image src={img.uri} alt={t('resources.image.alt', { n: index + 1 })} width={144} height={96} />
            <figcaption>
              <Checkbox
                checked={img.image_category === '2'}
                onChange={(e) =>
                  set(
                    value.map((other, i) => ({
                      ...other,
                      image_category: i === index && e.target.checked ? '2' : '1',
                    })),
                  )
                }
              >
                {t('resources.image.panorama')}
              </Checkbox>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('resources.image.remove', { n: index + 1 })}
                onClick={() => set(value.filter((_, i) => i !== index))}
              />
            </figcaption>
          </figure>
        ))}
      </Image.PreviewGroup>
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        multiple
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy > 0} className="yy-resource-image-add">
          {t('resources.image.upload')}
        </Button>
      </Upload>
    </div>
  );
}
