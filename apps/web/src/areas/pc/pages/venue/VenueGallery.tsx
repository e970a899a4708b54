import { ExpandOutlined, GlobalOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Carousel, Image, Space } from 'antd';
import { useState, type ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceImage } from '../../../../features/booking/types.ts';

/** A carousel arrow with a name in the user's language (the carousel adds its class and click). */
function Arrow({
  currentSlide: _current,
  slideCount: _count,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { currentSlide?: number; slideCount?: number }) {
  return <button type="button" {...rest} />;
}

/**
 * A venue's pictures as a carousel (arrows and dots are buttons; no cloned slides, so nothing
 * hidden can take the focus), a button showing the current one large, and its panorama (image
 * category "2") opened in a new tab.
 */
export function VenueGallery({ images, name }: { images: readonly ResourceImage[]; name: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [viewing, setViewing] = useState(false);
  const pictures = images.filter((i) => i.uri && i.image_category !== '2').map((i) => i.uri);
  const panorama = images.find((i) => i.uri && i.image_category === '2')?.uri;
  return (
    <div className="yy-venue-gallery">
      {pictures.length ? (
        <>
          <Carousel
            arrows={pictures.length > 1}
            dots={pictures.length > 1}
            infinite={false}
            prevArrow={<Arrow aria-label={t('pcVenue.venue.previousPicture')} />}
            nextArrow={<Arrow aria-label={t('pcVenue.venue.nextPicture')} />}
            afterChange={setCurrent}
            className="yy-venue-carousel"
          >
            {pictures.map((uri, i) => (
              <div key={`${uri}-${i}`} className="yy-venue-slide">
                <img
                  src={uri}
                  alt={t('pcVenue.venue.picture', { name, n: i + 1, total: pictures.length })}
                  loading={i ? 'lazy' : 'eager'}
                />
              </div>
            ))}
          </Carousel>
          <Image.PreviewGroup
            items={pictures}
            preview={{
              open: viewing,
              current,
              onOpenChange: (open) => setViewing(open),
              onChange: (c) => setCurrent(c),
            }}
          />
        </>
      ) : (
        <div className="yy-venue-noimage">
          <PictureOutlined aria-hidden />
          <span>{t('pcVenue.venue.noPictures')}</span>
        </div>
      )}
      {pictures.length || panorama ? (
        <Space className="yy-venue-gallery-actions" wrap>
          {pictures.length ? (
            <Button size="small" icon={<ExpandOutlined />} onClick={() => setViewing(true)}>
              {t('pcVenue.venue.viewLarge')}
            </Button>
          ) : null}
          {panorama ? (
            <Button size="small" icon={<GlobalOutlined />} href={panorama} target="_blank" rel="noreferrer">
              {t('pcVenue.venue.panorama')}
            </Button>
          ) : null}
        </Space>
      ) : null}
    </div>
  );
}
