import { useEffect, useState } from 'react';
import { deviceOf } from '../../../app/device.ts';

/** Whether the viewport is below the mobile breakpoint (992 px, spec 9), following resizes. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => deviceOf(window.innerWidth) === 'mobile');
  useEffect(() => {
    const check = () => setMobile(deviceOf(window.innerWidth) === 'mobile');
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);
  return mobile;
}
