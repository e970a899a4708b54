import { describe, expect, it } from 'vitest';
import { deviceOf, swappedPath } from './device.ts';
import { routes } from './router.tsx';

describe('device switch', () => {
  it('is mobile below 992 px', () => {
    expect(deviceOf(991)).toBe('mobile');
    expect(deviceOf(992)).toBe('desktop');
  });

  it('swaps a pc page for its mobile counterpart and back', () => {
    expect(swappedPath('/pc/home', 'mobile', routes)).toBe('/mobile/home');
    expect(swappedPath('/pc/announcementDetail/42', 'mobile', routes)).toBe('/mobile/announcementDetail/42');
    expect(swappedPath('/mobile/myAppointment', 'desktop', routes)).toBe('/pc/myAppointment');
  });

  it('keeps a page that fits the device or has no counterpart', () => {
    expect(swappedPath('/pc/home', 'desktop', routes)).toBeNull();
    expect(swappedPath('/mobile/visitor/register', 'desktop', routes)).toBeNull();
    expect(swappedPath('/pc/resources/1/list', 'mobile', routes)).toBeNull();
    expect(swappedPath('/manage/home', 'mobile', routes)).toBeNull();
  });
});
