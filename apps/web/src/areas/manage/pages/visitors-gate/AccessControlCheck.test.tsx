import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureVisitorGateTranslations } from '../../../../features/visitors/gate/i18n.ts';
import {
  AREA_EAST,
  AREA_WEST,
  makeBundle,
  makeKey,
  makePass,
  serveGate,
} from '../../../../features/visitors/gate/testing.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import AccessControlCheck from './AccessControlCheck.tsx';

const key = makeKey('k1');
const bundle = makeBundle([key]);
const FIELD = '通行证内容（扫码枪或粘贴）';

beforeAll(async () => {
  await prepareBackOfficeTest();
  await ensureVisitorGateTranslations();
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDesk() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AccessControlCheck />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Picks the gate's area in the select (antd: open it, click the option). */
async function chooseArea(name: string) {
  const select = await screen.findByLabelText('本入口所在区域');
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByTitle(name));
}

function scan(text: string) {
  const field = screen.getByLabelText(FIELD);
  fireEvent.change(field, { target: { value: text } });
  // a scanner's Enter goes down and up (antd takes one Enter per key press)
  fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(field, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('/manage/accessControlCheck', () => {
  it('asks for the area first, then verifies, records, flags a repeat and lists the scans', async () => {
    const server = serveGate(bundle);
    renderDesk();
    expect(await screen.findByText('请先选择本入口所在的区域，再核验通行证。')).toBeTruthy();
    expect((screen.getByLabelText(FIELD) as HTMLInputElement).disabled).toBe(true);
    await chooseArea('西门');
    await waitFor(() => expect((screen.getByLabelText(FIELD) as HTMLInputElement).disabled).toBe(false));

    const pass = makePass(key, Date.now(), { areaIds: [AREA_EAST, AREA_WEST] });
    scan(pass.token);
    await waitFor(() => expect(screen.getByTestId('gate-entry').dataset.status).toBe('recorded'));
    const verdict = screen.getByTestId('gate-verdict');
    expect(verdict.dataset.result).toBe('valid');
    expect(within(verdict).getByText('准予通行')).toBeTruthy();
    expect([...server.stored.values()]).toMatchObject([{ serial: pass.serial, arrival_place: AREA_WEST }]);

    scan(pass.token);
    await waitFor(() => expect(screen.getByTestId('gate-verdict').dataset.result).toBe('repeat'));
    expect(within(screen.getByTestId('gate-verdict')).getByText('准予通行（重复进入）')).toBeTruthy();
    await waitFor(() => expect(server.stored.size).toBe(2));
    const rows = within(document.querySelector<HTMLElement>('.ant-table')!).getAllByText('张*三');
    expect(rows).toHaveLength(2);
  });

  it('refuses a pass for another area, recording nothing', async () => {
    const server = serveGate(bundle);
    renderDesk();
    await chooseArea('东门');
    await waitFor(() => expect((screen.getByLabelText(FIELD) as HTMLInputElement).disabled).toBe(false));
    scan(makePass(key, Date.now(), { areaIds: [AREA_WEST] }).token);
    await waitFor(() => expect(screen.getByTestId('gate-verdict').dataset.result).toBe('wrongArea'));
    expect(within(screen.getByTestId('gate-verdict')).getByText('通行证不含此区域。')).toBeTruthy();
    expect(screen.getByTestId('gate-entry').dataset.status).toBe('none');
    expect(server.sent).toEqual([]);
  });
});
