import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { serveOperations, type Call } from '../resources/testing.ts';

export type { Call };
export { pickOption } from '../resources/testing.ts';

type Handler = (variables: Record<string, unknown>) => unknown;

/** An OperationResult as the server sends it: errcode "0", or a refusal with its zh/en texts. */
export const result = (errcode = '0', msg = '成功', msg_en = 'Done') => ({ errcode, msg, msg_en, ids: [] });

export const TYPE_ID = '11111111-1111-4111-8111-111111111111';
export const ROOM_ID = '22222222-2222-4222-8222-222222222222';

/** The pickers' answers (resource types and resources) every list page asks for. */
const pickers: Record<string, Handler> = {
  findResourcesTypeAll: () => ({
    findResourcesTypeAll: [{ id: TYPE_ID, resources_name: '会议室', resources_name_en: 'Meeting room' }],
  }),
  findResourcesAll: () => ({
    findResourcesAll: {
      edges: [
        {
          node: {
            id: ROOM_ID,
            resources_name: '行政楼305会议室',
            resources_name_en: 'Room 305',
            resources_number: 'XZ-305',
            resources_type_id: TYPE_ID,
            resources_type_name: '会议室',
            state: 1,
          },
          cursor: '1',
        },
      ],
      pageInfo: { hasNextPage: false, endCursor: null },
      totalCount: 1,
    },
  }),
};

/** The server: one handler per operation name (the pickers answered too); records every call. */
export function serve(handlers: Record<string, Handler>): Call[] {
  const all = { ...pickers, ...handlers };
  return serveOperations((op, variables) => all[op]?.(variables));
}

/** The variables of every call of one operation, in order. */
export const callsOf = (calls: Call[], op: string) => calls.filter((c) => c.op === op).map((c) => c.variables);

/** Renders a back-office page at `path` with a fresh query client, without animations. */
export function renderPage(page: ReactElement, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter initialEntries={[path]}>
          <App>{page}</App>
        </MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

/** Clicks a button by its text (antd puts a space between two Chinese characters). */
export function clickButton(text: string, within: HTMLElement | Document = document) {
  const pattern = new RegExp(`^${[...text].join('\\s*')}$`);
  const button = [...within.querySelectorAll<HTMLButtonElement>('button')].find((b) =>
    pattern.test(b.textContent?.trim() ?? ''),
  );
  if (!button) throw new Error(`no button ${text}`);
  return act(async () => {
    fireEvent.click(button);
  });
}

/** Types into a field found by its label. */
export function typeInto(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
