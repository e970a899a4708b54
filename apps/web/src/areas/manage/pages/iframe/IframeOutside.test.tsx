import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { renderPage } from '../sign/testing.tsx';
import IframeOutside, { FRAME_LOAD_TIMEOUT_MS } from './IframeOutside.tsx';

const pages = [
  { name: '一卡通', name_en: 'Campus card', url: 'https://card.example.edu.cn/' },
  { name: '报修', name_en: 'Repairs', url: 'https://repair.example.edu.cn/a' },
];
const session = { settings: { outside_pages: pages } as Record<string, unknown>, permission: 'admin' };
vi.mock('../../../../app/session.tsx', () => ({ useSession: () => session }));

beforeAll(prepareBackOfficeTest);
vi.setConfig({ testTimeout: 60_000 });

describe('the external page', () => {
  it('offers a chooser when there are several, and frames none until one is chosen', async () => {
    renderPage(<IframeOutside />, '/manage/iframe/outside');
    expect(await screen.findByRole('navigation', { name: '外部页面' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '一卡通' }).getAttribute('href')).toBe('/manage/iframe/outside?index=0');
    expect(screen.getByText('请选择要打开的外部页面。')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('frames the chosen page sandboxed, without referrer, with a link to open it in a new tab', async () => {
    renderPage(<IframeOutside />, '/manage/iframe/outside?index=1');
    const frame = (await screen.findByTitle('报修')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(pages[1]!.url);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    const open = screen.getByRole('link', { name: /在新标签页中打开/ });
    expect(open.getAttribute('href')).toBe(pages[1]!.url);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: '报修' }).getAttribute('aria-current')).toBe('page');
  });

  it('never frames an address the settings do not name', async () => {
    renderPage(<IframeOutside />, `/manage/iframe/outside?url=${encodeURIComponent('https://evil.example.com/')}`);
    expect(await screen.findByText('地址中的页面不在系统设置的外部页面中，未打开。')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('says the site may refuse framing when it has not loaded in time, and not once it has', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderPage(<IframeOutside />, '/manage/iframe/outside?index=0');
      await act(async () => {
        vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS + 10);
      });
      expect(screen.getByRole('alert').textContent).toMatch(/可能该网站拒绝被嵌入/);
      fireEvent.load(screen.getByTitle('一卡通'));
      expect(screen.queryByText(/可能该网站拒绝被嵌入/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
