import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureVisitorGateTranslations } from '../../../../features/visitors/gate/i18n.ts';
import { AREA_EAST, makeBundle, makeKey, makePass, serveGate } from '../../../../features/visitors/gate/testing.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { initI18n } from '../../../../lib/i18n.ts';
import { renderPage } from '../checkin/testing.tsx';
import GateScan from './GateScan.tsx';

const key = makeKey('k1');
const bundle = makeBundle([key], {
  areas: [{ id: AREA_EAST, resources_name: '东门', resources_name_en: 'East gate' }],
});

let online = true;

beforeAll(async () => {
  await initI18n();
  await ensureVisitorGateTranslations();
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openGate() {
  renderPage('/visitor/accessControlScan', '/visitor/accessControlScan', <GateScan />);
  // the only area is the gate's; the field opens once the bundle is there
  const field = await screen.findByLabelText('通行证内容（扫码枪或粘贴）');
  await waitFor(() => expect((field as HTMLInputElement).disabled).toBe(false));
  return field;
}

function enter(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: '核验' }));
}

describe('/visitor/accessControlScan', () => {
  it('admits a valid pass with its masked name and uploads the entry by serial, nothing personal', async () => {
    const server = serveGate(bundle);
    const field = await openGate();
    const pass = makePass(key, Date.now());
    enter(field, pass.token);
    const verdict = await screen.findByTestId('gate-verdict');
    expect(verdict.dataset.result).toBe('valid');
    expect(within(verdict).getByText('准予通行')).toBeTruthy();
    expect(within(verdict).getByTestId('gate-name').textContent).toBe('张*三');
    expect(within(verdict).getByText('东门')).toBeTruthy();
    expect(within(verdict).getByTestId('gate-ms').textContent).toMatch(/核验用时 \d+\.\d 毫秒/);
    await waitFor(() => expect(within(verdict).getByTestId('gate-entry').dataset.status).toBe('recorded'));
    expect(server.stored.size).toBe(1);
    const [sent] = [...server.stored.values()];
    // verified online: no offline flag (stored as a page entry, data_source '1')
    expect(Object.keys(sent!).sort()).toEqual(['arrival_place', 'arrive_time', 'entry_key', 'serial']);
    expect(sent).toMatchObject({ serial: pass.serial, arrival_place: AREA_EAST });
    expect(screen.getByTestId('gate-queued').textContent).toBe('待上传 0 条');
  });

  it('refuses a pass signed by another key, with the reason, and records nothing', async () => {
    const server = serveGate(bundle);
    const field = await openGate();
    enter(field, makePass(makeKey('k1'), Date.now()).token);
    const verdict = await screen.findByTestId('gate-verdict');
    expect(verdict.dataset.result).toBe('forged');
    expect(verdict.getAttribute('role')).toBe('alert');
    expect(within(verdict).getByText('拒绝通行')).toBeTruthy();
    expect(within(verdict).getByText('通行证签名无效，可能是伪造或被篡改。')).toBeTruthy();
    expect(within(verdict).getByTestId('gate-entry').dataset.status).toBe('none');
    expect(server.sent).toEqual([]);
  });

  it('offline: verifies, keeps the entry queued, and uploads it once the network is back', async () => {
    const server = serveGate(bundle);
    const field = await openGate();
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText('离线')).toBeTruthy();
    enter(field, makePass(key, Date.now()).token);
    const verdict = await screen.findByTestId('gate-verdict');
    expect(verdict.dataset.result).toBe('valid');
    await waitFor(() => expect(screen.getByTestId('gate-queued').textContent).toBe('待上传 1 条'));
    expect(within(verdict).getByTestId('gate-entry').dataset.status).toBe('queued');
    expect(server.sent).toEqual([]);

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(within(verdict).getByTestId('gate-entry').dataset.status).toBe('recorded'));
    expect(screen.getByTestId('gate-queued').textContent).toBe('待上传 0 条');
    expect(server.stored.size).toBe(1);
    // decided offline: sent as such (the server stores it as synced, data_source '3')
    const [sent] = [...server.stored.values()];
    expect(Object.keys(sent!).sort()).toEqual(['arrival_place', 'arrive_time', 'entry_key', 'offline', 'serial']);
    expect(sent!.offline).toBe(true);
  });

  it('says so when the browser cannot store the entry (storage full), and records nothing', async () => {
    const server = serveGate(bundle);
    const field = await openGate();
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    enter(field, makePass(key, Date.now()).token);
    expect(await screen.findByText('未能完成这次核验：The quota has been exceeded.')).toBeTruthy();
    expect(screen.queryByTestId('gate-verdict')).toBeNull();
    expect(server.sent).toEqual([]);
  });

  it('says when the user may not check passes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              errors: [
                { message: 'FORBIDDEN', extensions: { code: 'FORBIDDEN', msg: '无权操作', msg_en: 'Forbidden' } },
              ],
            }),
          ),
      ),
    );
    renderPage('/visitor/accessControlScan', '/visitor/accessControlScan', <GateScan />);
    expect(await screen.findByText('您没有门禁核验权限，请联系访客管理员。')).toBeTruthy();
    expect((screen.getByLabelText('通行证内容（扫码枪或粘贴）') as HTMLInputElement).disabled).toBe(true);
  });
});
