import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureGraphql } from '../../lib/graphql.ts';
import { initI18n, LANGUAGE_KEY } from '../../lib/i18n.ts';
import { encryptCaptchaCode } from './encrypt.ts';
import { ensureCaptchaTranslations } from './i18n.ts';
import { FAILURE_PAUSE_MS, SliderCaptcha } from './SliderCaptcha.tsx';
import { coolingSlide, layOutCaptcha, rightSlide, serveCaptcha, wrongSlide } from './testing/fakeCaptcha.ts';
import { useCaptchaCredential } from './useCaptchaCredential.tsx';
import type { SubmitCaptcha } from './types.ts';

// The identity provider is outside the web app: a signed-in user from a stub of the auth module.
vi.mock('../auth/auth.ts', () => import('../../testing/fake-auth.ts').then((m) => m.signedInAuth()));

let restoreLayout: () => void;
beforeAll(async () => {
  await initI18n();
  // the component test renders the slider itself, without the hook that loads its texts
  await ensureCaptchaTranslations();
  configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} });
  // the picture is shown 300 px wide (180 high): the handle runs 0..250 px (the piece is 1/6 of it)
  restoreLayout = layOutCaptcha(300);
});
afterAll(() => restoreLayout());
afterEach(() => vi.unstubAllGlobals());

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** The handle, once a picture is there to slide on. */
async function readyHandle() {
  const handle = await screen.findByRole('slider', { name: '拼图滑块' });
  await waitFor(() => expect(handle.getAttribute('aria-disabled')).toBeNull());
  return handle;
}

/** A mouse drag of the handle from x 100 through `xs` (client px), released at the last. */
async function drag(handle: HTMLElement, xs: number[]) {
  fireEvent.pointerDown(handle, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 100, clientY: 400 });
  for (const [i, x] of xs.entries()) {
    await pause(20);
    const type = i === xs.length - 1 ? 'pointerUp' : 'pointerMove';
    fireEvent[type](window, { pointerId: 1, pointerType: 'mouse', clientX: x, clientY: 401 });
  }
}

describe('slider captcha', () => {
  it('records a mouse drag, checks it on release with the shown size, and hands over the credential', async () => {
    const server = serveCaptcha([rightSlide()]);
    const onVerified = vi.fn();
    render(<SliderCaptcha onVerified={onVerified} />);
    const handle = await readyHandle();
    expect(server.generated).toHaveLength(1);
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
    // dragged too far: the handle stops at the end of the track (300 - 50 px)
    await drag(handle, [130, 180, 500, 220]);
    await screen.findByText('验证成功');
    expect(server.checks).toHaveLength(1);
    const [check] = server.checks;
    expect(check!.id).toBe(server.generated[0]!.id);
    expect(check!.data).toMatchObject({ bgImageWidth: 300, bgImageHeight: 180 });
    expect(check!.data.trackList.map((p) => [p.type, p.x, p.y])).toEqual([
      ['down', 0, 0],
      ['move', 30, 1],
      ['move', 80, 1],
      ['move', 250, 1],
      ['up', 120, 1],
    ]);
    const times = check!.data.trackList.map((p) => p.t);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const { startTime, stopTime } = check!.data;
    expect(startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(stopTime) - Date.parse(startTime)).toBeGreaterThanOrEqual(times.at(-1)!);
    expect(server.authorizations).toEqual(['Bearer tok', 'Bearer tok']);
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(rightSlide().data));
    expect(handle.getAttribute('aria-valuenow')).toBe('48');
  });

  it('moves with the arrow keys, Home and End, and checks on Enter', async () => {
    const server = serveCaptcha([rightSlide()]);
    const onVerified = vi.fn();
    render(<SliderCaptcha onVerified={onVerified} />);
    const handle = await readyHandle();
    handle.focus();
    // Enter before any move checks nothing
    fireEvent.keyDown(handle, { key: 'Enter' });
    for (let i = 0; i < 10; i++) fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe('8'); // 20 of 250 px
    fireEvent.keyDown(handle, { key: 'End' });
    expect(handle.getAttribute('aria-valuenow')).toBe('100');
    expect(handle.getAttribute('aria-valuetext')).toBe('已滑动 100%，按回车键提交');
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(handle, { key: 'PageUp' });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    await pause(110);
    expect(server.checks).toHaveLength(0);
    fireEvent.keyDown(handle, { key: 'Enter' });
    await screen.findByText('验证成功');
    const track = server.checks[0]!.data.trackList;
    expect(track.map((p) => [p.type, p.x, p.y])).toEqual([
      ['down', 0, 0],
      ['move', 2, 0],
      ...[4, 6, 8, 10, 12, 14, 16, 18, 20, 250, 0, 20, 18].map((x) => ['move', x, 0]),
      ['up', 18, 0],
    ]);
    expect(track.at(-1)!.t).toBeGreaterThanOrEqual(100);
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
  });

  it("shows the server's message for a wrong slide, then a new picture that can be solved", async () => {
    const server = serveCaptcha([wrongSlide, rightSlide(2)]);
    const onVerified = vi.fn();
    render(<SliderCaptcha onVerified={onVerified} />);
    await drag(await readyHandle(), [150, 160]);
    expect(await screen.findByText('验证失败，请重新滑动')).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();
    // a new challenge replaces the spent one; the handle is back at the start, the message stays
    await waitFor(() => expect(server.generated).toHaveLength(2));
    const handle = await readyHandle();
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('status').textContent).toBe('验证失败，请重新滑动');
    await drag(handle, [140, 170]);
    await screen.findByText('验证成功');
    expect(server.checks.map((c) => c.id)).toEqual(server.generated.map((g) => g.id));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(rightSlide(2).data));
  });

  it("shows the server's English message in English", async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    serveCaptcha([wrongSlide]);
    render(<SliderCaptcha onVerified={() => {}} />);
    await drag(await readyHandle(), [150, 160]);
    expect(await screen.findByText('The piece is not in place; please try again')).toBeTruthy();
  });

  it('a click without a slide checks nothing; the refresh button brings a new picture', async () => {
    const server = serveCaptcha([rightSlide()]);
    render(<SliderCaptcha onVerified={() => {}} />);
    const handle = await readyHandle();
    await drag(handle, [100]);
    await pause(50);
    expect(server.checks).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '换一张' }));
    await waitFor(() => expect(server.generated).toHaveLength(2));
    await readyHandle();
  });

  it('says when the picture cannot be loaded, and loads it again on request', async () => {
    const server = serveCaptcha([rightSlide()]);
    const behind = vi.mocked(fetch).getMockImplementation()!;
    let refuse = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        refuse ? new Response('', { status: 401 }) : behind(url, init),
      ),
    );
    render(<SliderCaptcha onVerified={() => {}} />);
    expect(await screen.findByText('验证码加载失败。 未授权，请重新登录')).toBeTruthy();
    expect(screen.getByRole('slider').getAttribute('aria-disabled')).toBe('true');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await readyHandle();
    expect(server.generated).toHaveLength(1);
  });

  it("after the failure that starts a cool-down, shows the server's message naming the time and loads no new picture", async () => {
    const server = serveCaptcha([coolingSlide]);
    render(<SliderCaptcha onVerified={() => {}} />);
    await drag(await readyHandle(), [150, 160]);
    expect(await screen.findByText(coolingSlide.msg)).toBeTruthy();
    await pause(FAILURE_PAUSE_MS + 200);
    expect(server.generated).toHaveLength(1);
    expect(screen.getByRole('slider').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });

  it("shows a refused picture's cool-down message as the server words it", async () => {
    const cooling = { errcode: '429', msg: coolingSlide.msg, msg_en: coolingSlide.msg_en };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(cooling), { status: 429, headers: { 'retry-after': '540' } })),
    );
    render(<SliderCaptcha onVerified={() => {}} />);
    expect(await screen.findByText(coolingSlide.msg)).toBeTruthy();
    expect(screen.getByRole('slider').getAttribute('aria-disabled')).toBe('true');
  });
});

/** A submit button that waits for a credential, and the prompt in a plain dialog. */
function Harness({ captcha }: { captcha: string }) {
  const credentials = useCaptchaCredential();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void credentials
            .credentialFor({ open_captcha_verify: captcha })
            .then((c) => document.body.setAttribute('data-credential', JSON.stringify(c)))
        }
      >
        submit
      </button>
      {credentials.prompt.open ? (
        <div role="dialog" aria-label={credentials.prompt.title}>
          {credentials.prompt.slider}
          <button type="button" onClick={credentials.prompt.cancel}>
            close
          </button>
        </div>
      ) : null}
    </>
  );
}

const credential = () => JSON.parse(document.body.getAttribute('data-credential') ?? 'undefined') as SubmitCaptcha;

describe('useCaptchaCredential', () => {
  afterEach(() => document.body.removeAttribute('data-credential'));

  it('gives empty credentials at once for a resource without captcha', async () => {
    const server = serveCaptcha([rightSlide()]);
    render(<Harness captcha="0" />);
    fireEvent.click(screen.getByText('submit'));
    await waitFor(() => expect(credential()).toEqual({ captchaId: '', captchaCode: '' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.generated).toHaveLength(0);
  });

  it('asks for a slide, then gives the credential with its code encrypted, and closes', async () => {
    serveCaptcha([rightSlide()]);
    render(<Harness captcha="1" />);
    fireEvent.click(screen.getByText('submit'));
    expect(await screen.findByRole('dialog', { name: '安全验证' })).toBeTruthy();
    await drag(await readyHandle(), [150, 170]);
    await waitFor(() => expect(credential()).toBeTruthy());
    const { captchaId, captchaCode } = rightSlide().data!;
    expect(credential()).toEqual({ captchaId, captchaCode: await encryptCaptchaCode(captchaCode, captchaId) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives null when the prompt is closed, and a new slide for the next submit', async () => {
    const server = serveCaptcha([rightSlide()]);
    render(<Harness captcha="1" />);
    fireEvent.click(screen.getByText('submit'));
    await readyHandle();
    fireEvent.click(screen.getByText('close'));
    await waitFor(() => expect(credential()).toBeNull());
    fireEvent.click(screen.getByText('submit'));
    await readyHandle();
    expect(server.generated).toHaveLength(2);
  });
});
