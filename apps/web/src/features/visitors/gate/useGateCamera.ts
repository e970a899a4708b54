import { useRef } from 'react';
import { useQrCamera } from '../../checkin/camera.ts';

/** A code seen again within this time of its last sighting is the same showing, not a new scan. */
const SAME_SHOWING_MS = 4000;

/**
 * The camera of a gate: it keeps scanning, one pass after another, and a pass held in front of it
 * counts once (it counts again only after it was out of sight for a few seconds), so a steady
 * hand does not queue repeat entries.
 */
export function useGateCamera(onText: (text: string) => void) {
  const last = useRef<{ text: string; at: number } | null>(null);
  return useQrCamera((text) => {
    const now = Date.now();
    const same = last.current?.text === text && now - last.current.at < SAME_SHOWING_MS;
    last.current = { text, at: now };
    if (!same) onText(text);
  });
}
