import { useEffect, useState } from 'react';

/** Whether the browser offers the Fullscreen API (some, e.g. iPhone Safari, do not). */
export function fullscreenSupported(doc: Document = document): boolean {
  return Boolean(doc.fullscreenEnabled && typeof doc.documentElement.requestFullscreen === 'function');
}

/** Whether the page is full screen, following the browser (Esc leaves full screen too). */
export function useFullscreen(): { active: boolean; toggle: () => Promise<void> } {
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = async () => {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  };
  return { active, toggle };
}
