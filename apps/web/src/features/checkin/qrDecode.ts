/**
 * Reading QR codes in the browser: the platform's BarcodeDetector where there is one (Chrome on
 * Android), else jsQR, loaded only when a scan starts (it is not in any page's first download).
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource | ImageBitmap | ImageData): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

let detector: Promise<BarcodeDetectorLike | null> | null = null;

/** The platform's QR detector, or null where there is none. */
function platformDetector(): Promise<BarcodeDetectorLike | null> {
  detector ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
      return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return detector;
}

const jsqr = () => import('jsqr').then((m) => m.default);

/** Starts loading the decoder (when the scanner opens, before the first frame). */
export function preloadQrDecoder(): void {
  void platformDetector().then((d) => (d ? null : jsqr()));
}

/** Longest side a frame is scaled down to before decoding (a QR code on a phone screen stays readable). */
const MAX_SIDE = 800;

function canvasOf(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] | null {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return ctx ? [canvas, ctx] : null;
}

/**
 * The text of the QR code in an image or a video frame, or null when none is found.
 * `thorough`: also try inverted images (a photo or an uploaded picture; slower).
 */
export async function decodeQr(
  source: HTMLVideoElement | HTMLImageElement | ImageBitmap,
  width: number,
  height: number,
  thorough = false,
): Promise<string | null> {
  if (!width || !height) return null;
  const platform = await platformDetector();
  if (platform) {
    try {
      const found = await platform.detect(source);
      if (found[0]?.rawValue) return found[0].rawValue;
      if (!thorough) return null;
    } catch {
      // fall back to jsQR
    }
  }
  const made = canvasOf(width, height);
  if (!made) return null;
  const [canvas, ctx] = made;
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const read = await jsqr();
  const found = read(image.data, image.width, image.height, {
    inversionAttempts: thorough ? 'attemptBoth' : 'dontInvert',
  });
  return found?.data || null;
}

/** The text of the QR code in a picture file (a photo or a screenshot), or null. */
export async function decodeQrFile(file: Blob): Promise<string | null> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    return await decodeQr(img, img.naturalWidth, img.naturalHeight, true);
  } finally {
    URL.revokeObjectURL(url);
  }
}
