import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import i18n from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY } from '../../../../../lib/i18n.ts';
import { loadTranslations } from '../../../../../locales/index.ts';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { pickOption, serveOperations } from '../testing.ts';
import ResourceEdit from './ResourceEdit.tsx';

// The rich text editor and the image upload (which needs a session) are plain inputs here.
vi.mock('../../../components/RichTextEditor/index.ts', () => ({
  RichTextEditor: ({ ariaLabel }: { ariaLabel?: string }) => <textarea aria-label={ariaLabel} />,
}));
vi.mock('./ImagesField.tsx', () => ({ ImagesField: () => <div /> }));

beforeAll(prepareBackOfficeTest);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.removeItem(LANGUAGE_KEY);
  await i18n.changeLanguage('zh');
});

/** Switches the page to English (only the language in use is loaded at start). */
async function useEnglish() {
  for (const part of ['core', 'desktop', 'manage'] as const) {
    i18n.addResourceBundle('en', 'translation', await loadTranslations('en', part), true, true);
  }
  window.localStorage.setItem(LANGUAGE_KEY, 'en');
  await i18n.changeLanguage('en');
}

/** The element matching `selector`, once it is there. */
const appears = <E extends Element>(selector: string) =>
  waitFor(() => {
    const el = document.querySelector<E>(selector);
    if (!el) throw new Error(`no ${selector}`);
    return el;
  });

const ID = '22222222-2222-4222-8222-222222222222';
const TYPE_ID = '11111111-1111-4111-8111-111111111111';

const item = (item_code: string, item_name: string, item_name_en: string) => ({
  id: `i-${item_code}`,
  codes_id: 'c1',
  item_code,
  item_name,
  item_name_en,
  item_description: '',
  item_index: 1,
  item_level: 1,
  item_parent: item_name,
  create_time: '',
  code: 'yy_facility',
});

const resource = {
  id: ID,
  resources_type_id: TYPE_ID,
  resources_type_name: '研讨室',
  resources_type_name_en: 'Seminar room',
  resources_number: 'YT-101',
  resources_name: '研讨室101',
  resources_name_en: 'Seminar Room 101',
  capacity: 12,
  available_number: 1,
  state: 1,
  campus_code: '',
  campus_name: '',
  campus_name_en: '',
  building_code: '',
  building_name: '',
  building_name_en: '',
  floor_code: '',
  floor_name: '',
  floor_name_en: '',
  rule_source: '0',
  rule_template_id: '',
  time_slot_rule: '1',
  need_approve: '0',
  order: 1,
  created_user_name: '管理员',
  create_time: '2030-01-01 08:00:00',
  qcode_image_url: '',
  remark: '',
  describe: '',
  describe_en: '',
  admin_post: '',
  admin_post_name: '',
  admin_dept: '',
  admin_dept_name: '',
  is_notification_push: '1',
  notifiy_channels: 'email',
  success_notification_push: '1',
  success_notification_rule: '',
  cancel_notification_push: '1',
  cancel_notification_rule_apply: '您的预约已取消',
  cancel_notification_rule_admin: '',
  success_prompt: '',
  success_prompt_en: '',
  hide_appointment_information: '0',
  hide_resources_detail: '0',
  open_process_form: '0',
  appointment_date_days: 7,
  days_rule_refresh_time: '08:00',
  resourcesTimeSlot: [{ id: 's1', kssj: '09:00', jssj: '10:00', order: 1 }],
  resourcesMonthList: [],
  resourcesDate: [],
  resourcesWeek: [],
  resourcesNoReservationConfigList: [],
  resourcesAppointmentNumberLimitRuleList: [],
  resourcesAvailableNumberRuleList: [],
  resourcesImage: [],
  resourcesCooperativeDeptList: [],
  resourcesVisibleList: [],
  resourcesInvisibleList: [],
  resourcesAuthList: [],
  resourcesRoles: [],
  resourcesConfig: { preaudit_enable: '0', preaudit_url: '', preaudit_dept: '', preaudit_post: '' },
  resourcesExtendedPropertiesList: [
    { id: 'e1', extended_properties_code: 'yy_facility', item_code: 'projector', item_name: '投影仪' },
  ],
  resourcesCustomAttributeList: [
    { id: 'a1', field_name: 'seats', field_desc_cn: '座位数', collect_mode: '0', is_required: '1', order_num: 1 },
    {
      id: 'a2',
      field_name: 'quiet',
      field_desc_cn: '安静区',
      field_desc_en: 'Quiet zone',
      collect_mode: '1',
      data_range_cn: '是,否',
      data_range_en: 'Yes,No',
      order_num: 2,
    },
  ],
  resourcesCustomAttributeContentList: [
    { id: 'c1', field_name: 'seats', attribute_content: '12', is_enable: '1' },
    { id: 'c2', field_name: 'quiet', attribute_content: '否', is_enable: '1' },
  ],
};

/** The server: the resource, its type with one extended property, the code table, the directory. */
function serve() {
  const answers = (variables: Record<string, unknown>): Record<string, unknown> => ({
    findResources: { findResources: resource },
    findResourcesTypeAll: {
      findResourcesTypeAll: [{ id: TYPE_ID, resources_name: '研讨室', resources_name_en: 'Seminar room' }],
    },
    findResourcesType: {
      findResourcesType: {
        id: TYPE_ID,
        resources_name: '研讨室',
        extendedProperties: [
          {
            id: 'p1',
            extended_properties_code: 'yy_facility',
            extended_properties_name: '设施',
            code_description: '房间里的设施',
            code_tags: '',
            order_num: 1,
          },
        ],
      },
    },
    findCodeItemsAll: {
      findCodeItemsAll:
        variables.code === 'yy_facility'
          ? [item('projector', '投影仪', 'Projector'), item('board', '白板', 'Whiteboard')]
          : [],
    },
    findResourcesRuleTemplateAll: {
      findResourcesRuleTemplateAll: { edges: [], pageInfo: { hasNextPage: false }, totalCount: 0 },
    },
    departments: { departments: [{ id: 'd-it', name: '信息化办公室', code: 'it', parent: '', disabled: false }] },
    posts: { posts: [{ id: 'p-sec', name: '秘书', code: 'sec', disabled: false }] },
    users: { users: { edges: [], totalCount: 0 } },
    updateResources: { updateResources: { errcode: '0', msg: '成功', msg_en: 'OK', ids: [ID] } },
  });
  return serveOperations((op, variables) => answers(variables)[op]);
}

function renderEdit() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter initialEntries={[`/manage/resources/resources-list/${ID}`]}>
          <App>
            <Routes>
              <Route path="/manage/resources/resources-list/:id" element={<ResourceEdit />} />
            </Routes>
          </App>
        </MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

// Role queries walk the whole (large) form; labels and selectors are much faster.
const tab = (name: string) => fireEvent.click(screen.getByText(name, { selector: '.ant-tabs-tab-btn' }));
const saveButton = () => document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const control = (label: string, within: ParentNode = document) =>
  within.querySelector<HTMLElement>(`[aria-label="${label}"]`) ??
  (() => {
    throw new Error(`no control ${label}`);
  })();
const sent = (calls: ReturnType<typeof serve>) => calls.filter((c) => c.op === 'updateResources');

describe('resource form: properties, attributes, pre-audit and notifications', { timeout: 120_000 }, () => {
  it("edits the type's extended properties, custom attributes and pre-audit, and sends them", async () => {
    const calls = serve();
    renderEdit();
    await screen.findByDisplayValue('研讨室101');
    tab('属性');
    const facility = await waitFor(() => control('设施'));
    expect(screen.getByText('房间里的设施')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('extended-properties').textContent).toContain('投影仪'));
    await pickOption(facility, '白板');
    const attributes = screen.getAllByTestId('custom-attribute');
    expect(attributes).toHaveLength(2);
    const seats = control('内容 1', attributes[0]) as HTMLTextAreaElement;
    expect(seats.value).toBe('12');
    fireEvent.change(seats, { target: { value: '20' } });
    await pickOption(control('内容 2', attributes[1]), '是');

    tab('设置');
    fireEvent.click(control('开启预审'));
    const url = await appears<HTMLInputElement>('input[placeholder="https://"]');
    fireEvent.change(url, { target: { value: 'https://audit.example.edu/apply' } });
    await pickOption(control('预审部门'), '信息化办公室');
    expect((control('给预约人的文字') as HTMLTextAreaElement).value).toBe('您的预约已取消');
    fireEvent.click(control('通知资源管理员'));

    await act(async () => fireEvent.click(saveButton()));
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    const model = sent(calls)[0]!.variables.model as Record<string, unknown>;
    expect(model.resourcesExtendedPropertiesList).toEqual([
      { extended_properties_code: 'yy_facility', item_code: 'projector' },
      { extended_properties_code: 'yy_facility', item_code: 'board' },
    ]);
    expect(model.resourcesCustomAttributeList).toEqual([
      expect.objectContaining({ id: 'a1', field_name: 'seats', is_required: '1', collect_mode: '0' }),
      expect.objectContaining({ id: 'a2', field_name: 'quiet', collect_mode: '1', data_range_en: 'Yes,No' }),
    ]);
    expect(model.resourcesCustomAttributeContentList).toEqual([
      expect.objectContaining({ id: 'c1', field_name: 'seats', attribute_content: '20' }),
      expect.objectContaining({ id: 'c2', field_name: 'quiet', attribute_content: '是' }),
    ]);
    expect(model.resourcesConfig).toMatchObject({
      preaudit_enable: '1',
      preaudit_url: 'https://audit.example.edu/apply',
      preaudit_dept: 'd-it',
      preaudit_post: '',
    });
    expect(model).toMatchObject({
      is_notification_push: '1',
      notifiy_channels: 'email',
      cancel_notification_rule_apply: '您的预约已取消',
      cancel_notification_rule_admin: '1',
    });
  });

  it('shows the type by name once the types arrive, and never its id before', async () => {
    serve();
    const server = globalThis.fetch;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (String(init?.body).includes('"operationName":"findResourcesTypeAll"')) await held;
      return server(url, init);
    });
    renderEdit();
    await screen.findByDisplayValue('研讨室101');
    const typeItem = () => document.querySelector<HTMLElement>('.ant-form-item:has(#resources_type_id)')!;
    expect(typeItem().textContent).toContain('加载中…');
    expect(document.body.textContent).not.toContain(TYPE_ID);
    await act(async () => release());
    await waitFor(() => expect(typeItem().textContent).toContain('研讨室'));
    expect(typeItem().textContent).not.toContain('加载中');
    expect(document.body.textContent).not.toContain(TYPE_ID);
  });

  it("refuses empty required fields in the spec's words and sends nothing", async () => {
    const calls = serve();
    renderEdit();
    await screen.findByDisplayValue('研讨室101');
    tab('属性');
    fireEvent.click(screen.getByText('添加属性'));
    fireEvent.change(control('内容 1', screen.getAllByTestId('custom-attribute')[0]), { target: { value: ' ' } });
    tab('设置');
    fireEvent.click(control('开启预审'));
    await appears('input[placeholder="https://"]');
    await act(async () => fireEvent.click(saveButton()));
    expect((await screen.findAllByText('字段标识不能为空')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('中文名称不能为空').length).toBeGreaterThan(0);
    expect(screen.getAllByText('内容不能为空').length).toBeGreaterThan(0);
    expect(screen.getAllByText('预审地址、预审部门和预审岗位不能全部为空').length).toBeGreaterThan(0);
    expect(sent(calls)).toHaveLength(0);
  });

  it('speaks English: bad pre-audit URL and option mismatch', async () => {
    await useEnglish();
    const calls = serve();
    renderEdit();
    await screen.findByDisplayValue('研讨室101');
    tab('Settings');
    fireEvent.click(control('Pre-audit bookings'));
    const url = await appears<HTMLInputElement>('input[placeholder="https://"]');
    fireEvent.change(url, { target: { value: 'audit.example.edu' } });
    tab('Attributes');
    const english = control('English options', screen.getAllByTestId('custom-attribute')[1]);
    fireEvent.change(english, { target: { value: 'Maybe,' } });
    await act(async () => fireEvent.click(saveButton()));
    expect(
      (await screen.findAllByText('The pre-audit URL must start with http:// or https://')).length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByText('Give as many English options as Chinese ones').length).toBeGreaterThan(0);
    expect(sent(calls)).toHaveLength(0);
  });
});
