import { ImageViewer, type MultiImageViewerProps } from 'antd-mobile';
// ImageViewer.Multi.show renders imperatively: it needs antd-mobile's React 19 render.
import '../../antd-mobile-setup.ts';

/**
 * Pictures full screen. Loaded when a picture is opened: the viewer brings an animation and a
 * gesture library (about 30 kB) the evaluation pages do not need to show themselves.
 */
export function showViewer(props: MultiImageViewerProps): { close: () => void } {
  return ImageViewer.Multi.show(props);
}

/** The pictures full screen, from the one tapped. */
export function showPictures(images: string[], index: number): void {
  showViewer({ images, defaultIndex: index });
}
