/**
 * Pictures full screen from the one tapped. The viewer is loaded then: it brings an animation
 * and a gesture library the evaluation pages do not need to show themselves.
 */
export function openPictures(pictures: string[], index: number): void {
  void import('./picture-viewer.ts').then((m) => m.showPictures(pictures, index));
}
