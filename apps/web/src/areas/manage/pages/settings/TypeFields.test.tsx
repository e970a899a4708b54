import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { serveOperations } from '../resources/testing.ts';
import CollectionConfig from './CollectionConfig.tsx';
import ReviewManage from './ReviewManage.tsx';

// The collected-fields and review-address pages keep a resource type by id: their lists show
// its name, and their add dialogs say what the type drop-down is for (not "the type's ID").

beforeAll(prepareBackOfficeTest);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TYPE_ID = '11111111-1111-4111-8111-111111111111';
const GONE_ID = '99999999-9999-4999-8999-999999999999';

function serve() {
  return serveOperations((op) => {
    if (op === 'findResourcesTypeAll') {
      return { findResourcesTypeAll: [{ id: TYPE_ID, resources_name: '研讨室', resources_name_en: 'Seminar room' }] };
    }
    if (op === 'findCollectionConfigAll') {
      return {
        findCollectionConfigAll: [TYPE_ID, GONE_ID].map((id, i) => ({
          id: `c${i}`,
          resource_type_id: id,
          field_name: `purpose${i}`,
          label_zh: '用途',
          label_en: 'Purpose',
          field_type: 'text',
          options: [],
          required: false,
          order_num: 1,
          enabled: true,
          create_time: '2026-03-01 08:00:00',
        })),
      };
    }
    if (op === 'findReviewAddressAll') {
      return {
        findReviewAddressAll: [TYPE_ID, ''].map((id, i) => ({
          id: `r${i}`,
          name: `审核${i}`,
          name_en: '',
          url: 'https://review.example.edu',
          resource_type_id: id,
          description: '',
          enabled: true,
          create_time: '2026-03-01 08:00:00',
        })),
      };
    }
    return undefined;
  });
}

function renderPage(Page: ComponentType) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter>
          <App>
            <Page />
          </App>
        </MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const rowTexts = () => [...document.querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.textContent ?? '');

describe('pages that keep a resource type by id', () => {
  it.each([
    ['collected fields', CollectionConfig, '预约该类型的资源时，预约表单请预约人填写此字段', '已不存在'],
    ['review addresses', ReviewManage, '该审核地址所属的资源类型，可不选', '—'],
  ])('%s: the list names the type, and the add dialog says what the type is for', async (_page, Page, hint, other) => {
    serve();
    renderPage(Page);
    await waitFor(() => expect(document.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(2));
    await waitFor(() => expect(rowTexts()[0]).toContain('研讨室'));
    expect(rowTexts()[1]).toContain(other);
    expect(document.body.textContent).not.toContain(TYPE_ID);
    expect(document.body.textContent).not.toContain(GONE_ID);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    });
    expect(await screen.findByText(hint)).toBeTruthy();
    expect(screen.queryByText(/资源类型的 ID/)).toBeNull();
    // A new record has no type yet: the drop-down asks for one rather than saying it is gone.
    const dialog = document.querySelector('.ant-modal')!;
    expect(dialog.textContent).toContain('请选择资源类型');
    expect(dialog.textContent).not.toContain('已不存在');
  });
});
