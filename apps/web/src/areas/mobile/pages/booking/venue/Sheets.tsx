import { Button, ImageViewer, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NoticeContent } from '../../../../../components/NoticeContent.tsx';
import type { Instruction } from '../../../../../features/instructions/api/findInstructionAll.ts';
import { pick } from '../../../../../lib/i18n.ts';

/**
 * The venue page's overlays, loaded when one opens (antd-mobile's popups bring an animation
 * library the page does not need to show itself).
 */

/** A panorama picture, scrolled sideways full screen, with a link to open the file itself. */
export function PanoramaViewer({ uri, onClose }: { uri: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} position="bottom" bodyStyle={{ height: '100vh' }}>
      <div className="yy-m-panorama" role="dialog" aria-label={t('booking.venue.panorama')}>
        <div className="yy-m-panorama-view">
          <img src={uri} alt={t('booking.venue.panorama')} />
        </div>
        <div className="yy-m-panorama-bar">
          <span>{t('booking.venue.panoramaHint')}</span>
          <a href={uri} target="_blank" rel="noreferrer">
            {t('booking.venue.openOriginal')}
          </a>
          <Button size="small" onClick={onClose}>
            {t('booking.close')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

/** The pictures full screen, from the one tapped. */
export function PictureViewer({ images, index, onClose }: { images: string[]; index: number; onClose: () => void }) {
  return <ImageViewer.Multi images={images} defaultIndex={index} visible onClose={onClose} />;
}

/** One booking instruction; "I have read it" ticks the must-read box. */
export function InstructionSheet({
  instruction,
  onRead,
  onClose,
}: {
  instruction: Instruction;
  onRead: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = pick(instruction.title, instruction.title_en);
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton>
      <div className="yy-m-popup-body" role="dialog" aria-label={title}>
        <h2>{title}</h2>
        <NoticeContent html={pick(instruction.content, instruction.content_en)} />
        <Button block color="primary" style={{ marginTop: 16 }} onClick={onRead}>
          {t('booking.venue.haveRead')}
        </Button>
      </div>
    </Popup>
  );
}
