import { useCallback, useEffect, useRef, useState } from 'react';
import { decodeQr, preloadQrDecoder } from './qrDecode.ts';

/**
 * idle: not started; starting: asking for the camera; scanning: frames are read;
 * unsupported: no camera API here (an old browser, or a page not served over https);
 * denied: the user or the browser refused the camera; failed: no camera or it would not start.
 */
export type CameraStatus = 'idle' | 'starting' | 'scanning' | 'unsupported' | 'denied' | 'failed';

/** Time between two frames read (decoding takes a few tens of ms on a phone). */
const FRAME_INTERVAL_MS = 250;

export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function statusOfError(err: unknown): CameraStatus {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'failed';
}

/**
 * Reads QR codes with the back camera (getUserMedia) into a video element: `onText` gets each
 * code read (the caller stops the camera or keeps scanning). The camera stops when the
 * component goes away or the page is hidden.
 */
export function useQrCamera(onText: (text: string) => void) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onTextRef = useRef(onText);
  const [status, setStatus] = useState<CameraStatus>(() => (cameraSupported() ? 'idle' : 'unsupported'));

  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  const stop = useCallback(() => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setStatus((s) => (s === 'starting' || s === 'scanning' ? 'idle' : s));
  }, []);

  const loop = useCallback(() => {
    const video = videoRef.current;
    if (!video || !streamRef.current) return;
    void decodeQr(video, video.videoWidth, video.videoHeight)
      .then((text) => {
        if (text && streamRef.current) onTextRef.current(text);
      })
      .catch(() => null)
      .finally(() => {
        if (streamRef.current) timerRef.current = setTimeout(loop, FRAME_INTERVAL_MS);
      });
  }, []);

  const start = useCallback(async () => {
    if (!cameraSupported()) {
      setStatus('unsupported');
      return;
    }
    if (streamRef.current) return;
    setStatus('starting');
    preloadQrDecoder();
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) {
        stop();
        return;
      }
      video.srcObject = stream;
      video.setAttribute('playsinline', 'true');
      video.muted = true;
      await video.play();
      setStatus('scanning');
      loop();
    } catch (err) {
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
      setStatus(statusOfError(err));
    }
  }, [loop, stop]);

  useEffect(() => {
    const onHide = () => document.visibilityState === 'hidden' && stop();
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      stop();
    };
  }, [stop]);

  return { videoRef, status, start, stop };
}
