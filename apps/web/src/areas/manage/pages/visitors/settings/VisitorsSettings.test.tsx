import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  VisitorDetailSetting,
  VisitorInfoField,
  VisitorRegisterField,
} from '../../../../../features/visitors-admin/settings/types.ts';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';
import { callsOf, clickButton, renderPage, result, serve } from '../../sign/testing.tsx';
import DetailSettings from './DetailSettings.tsx';
import FieldSettings from './FieldSettings.tsx';
import OverallSettings from './OverallSettings.tsx';
import PersonTypes from './PersonTypes.tsx';
import RegisterFieldSettings, { moved } from './RegisterFieldSettings.tsx';

vi.mock('../../../../../app/session.tsx', () => ({
  useSession: () => ({ token: 'test-token', permission: 'admin' }),
  useOptionalSession: () => ({ token: 'test-token', permission: 'admin' }),
}));
vi.mock('../../../components/RichTextEditor/index.ts', () => ({
  RichTextEditor: ({
    ariaLabel,
    value,
    onChange,
  }: {
    ariaLabel?: string;
    value?: string;
    onChange?: (html: string) => void;
  }) => <textarea aria-label={ariaLabel} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />,
}));

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const AREA_A = 'aaaaaaaa-0000-4000-8000-000000000001';
const AREA_B = 'aaaaaaaa-0000-4000-8000-000000000002';
const areas = () => ({
  findVisitorAreaResourcesAll: [
    { id: AREA_A, resources_name: '东门', resources_name_en: 'East gate', campus_name: '主校区', building_name: '' },
    { id: AREA_B, resources_name: '图书馆', resources_name_en: 'Library', campus_name: '主校区', building_name: '' },
  ],
});

const reg = (field_name: string, field_label: string, sort: number, over: Partial<VisitorRegisterField> = {}) => ({
  id: `r-${field_name}`,
  field_name,
  field_label,
  field_label_en: field_name,
  is_valid: 1,
  is_required: 0,
  sort,
  mod_user_name: '',
  mod_time: '2026-11-01 08:00:00',
  ...over,
});

const switchOf = (name: string) => screen.getByRole('switch', { name }) as HTMLButtonElement;

describe('registration fields', () => {
  it('make e-mail required and move it up, then save: one batch with the new flags and order', async () => {
    const calls = serve({
      findVisitorRegistorFieldSettingEntityList: () => ({
        findVisitorRegistorFieldSettingEntityList: [
          reg('visitor_name', '姓名', 1, { is_required: 1 }),
          reg('phone', '手机号', 2, { is_required: 1 }),
          reg('unit', '单位', 3),
          reg('email', '邮箱', 4, { mod_user_name: '王管理', mod_time: '2026-11-02 09:30:00' }),
        ],
      }),
      batchUpdateVisitorRegistorFieldSettingEntity: () => ({ batchUpdateVisitorRegistorFieldSettingEntity: result() }),
    });
    renderPage(<RegisterFieldSettings />, '/manage/visitorManagement/registerFieldSettings');
    await screen.findByText('王管理');
    expect(screen.getByText('2026-11-02 09:30:00')).toBeTruthy();
    // name and phone cannot be hidden or made optional
    expect(switchOf('姓名 显示').disabled).toBe(true);
    expect(switchOf('手机号 必填').disabled).toBe(true);
    fireEvent.click(switchOf('邮箱 必填'));
    fireEvent.click(screen.getByRole('button', { name: '邮箱 上移' }));
    expect(await screen.findByText('有未保存的修改')).toBeTruthy();
    // hiding a field makes it optional too
    fireEvent.click(switchOf('单位 显示'));
    expect(switchOf('单位 必填').disabled).toBe(true);
    await clickButton('保存');
    await waitFor(() => expect(callsOf(calls, 'batchUpdateVisitorRegistorFieldSettingEntity')).toHaveLength(1));
    expect(callsOf(calls, 'batchUpdateVisitorRegistorFieldSettingEntity')[0]).toEqual({
      models: [
        { field_name: 'visitor_name', is_valid: 1, is_required: 1, sort: 1 },
        { field_name: 'phone', is_valid: 1, is_required: 1, sort: 2 },
        { field_name: 'email', is_valid: 1, is_required: 1, sort: 3 },
        { field_name: 'unit', is_valid: 0, is_required: 0, sort: 4 },
      ],
    });
    expect(await screen.findByText('已保存')).toBeTruthy();
  });

  it('a refusal is shown and the changes stay to correct', async () => {
    serve({
      findVisitorRegistorFieldSettingEntityList: () => ({
        findVisitorRegistorFieldSettingEntityList: [reg('email', '邮箱', 1)],
      }),
      batchUpdateVisitorRegistorFieldSettingEntity: () => ({
        batchUpdateVisitorRegistorFieldSettingEntity: result('1', '没有名为 x 的信息字段', 'no field'),
      }),
    });
    renderPage(<RegisterFieldSettings />, '/manage/visitorManagement/registerFieldSettings');
    await screen.findByText('邮箱');
    fireEvent.click(switchOf('邮箱 必填'));
    await clickButton('保存');
    expect(await screen.findByText('没有名为 x 的信息字段')).toBeTruthy();
    expect(switchOf('邮箱 必填').getAttribute('aria-checked')).toBe('true');
  });

  it('moved: a row to another place, out-of-range moves change nothing', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('visitor types', () => {
  it('second level with approvers is saved for all types in one batch', async () => {
    const detail = (visitor_type: string, name: string, over: Partial<VisitorDetailSetting> = {}) => ({
      id: `d${visitor_type}`,
      visitor_type,
      visitor_type_name: name,
      visitor_type_name_en: name,
      is_invite_school_flow_path: 1,
      is_enable_second_level: 0,
      invite_school_flow_path: '',
      is_enable: 1,
      ...over,
    });
    const calls = serve({
      findVisitorDetailSettingsList: () => ({
        findVisitorDetailSettingsList: [
          detail('1', '访客申请'),
          detail('2', '邀约访客', { is_invite_school_flow_path: 0 }),
        ],
      }),
      users: () => ({ users: { edges: [{ node: { id: 'u1', account: 'li', name: '李老师' } }], totalCount: 1 } }),
      batchUpdateVisitorDetailSettings: () => ({ batchUpdateVisitorDetailSettings: result() }),
    });
    renderPage(<DetailSettings />, '/manage/visitorManagement/detailSettings');
    await screen.findByText('访客申请');
    // the invitation needs no approval: its second level cannot be switched on
    expect(switchOf('邀约访客 二级审批').disabled).toBe(true);
    fireEvent.click(switchOf('访客申请 二级审批'));
    fireEvent.click(switchOf('邀约访客 启用'));
    const approvers = screen.getByRole('combobox', { name: '访客申请 二级审批人' });
    fireEvent.mouseDown(approvers);
    fireEvent.click(await screen.findByText('李老师 (li)'));
    await clickButton('保存');
    await waitFor(() => expect(callsOf(calls, 'batchUpdateVisitorDetailSettings')).toHaveLength(1));
    expect(callsOf(calls, 'batchUpdateVisitorDetailSettings')[0]).toEqual({
      models: [
        {
          visitor_type: '1',
          is_invite_school_flow_path: 1,
          is_enable_second_level: 1,
          invite_school_flow_path: 'li',
          is_enable: 1,
        },
        {
          visitor_type: '2',
          is_invite_school_flow_path: 0,
          is_enable_second_level: 0,
          invite_school_flow_path: '',
          is_enable: 0,
        },
      ],
    });
  });
});

describe('information fields', () => {
  const field = (over: Partial<VisitorInfoField>): VisitorInfoField => ({
    id: 'f1',
    field_name: 'nationality',
    field_label: '国籍',
    field_label_en: 'Nationality',
    field_type: 'select',
    fieldTypeName: '下拉选择',
    fieldTypeName_en: 'Choice',
    data_range: ['中国大陆', '其他'],
    is_visitor_valid_info: 1,
    is_visitor_required_info: 0,
    is_appointment_valid_info: 0,
    is_appointment_required_info: 0,
    is_show_school_info: 0,
    is_show_visit_record: 0,
    sort: 1,
    ...over,
  });

  it('adds a choice field with its options; a switch saves at once; deletes after confirming', async () => {
    const calls = serve({
      findVisitorInfoFieldSettingsEntityList: () => ({ findVisitorInfoFieldSettingsEntityList: [field({})] }),
      saveVisitorInfoFieldSettingsEntity: () => ({ saveVisitorInfoFieldSettingsEntity: result() }),
      batchUpdateVisitorInfoFieldSettingsEntity: () => ({ batchUpdateVisitorInfoFieldSettingsEntity: result() }),
      batchDeleteVisitorInfoFieldSettingsEntity: () => ({ batchDeleteVisitorInfoFieldSettingsEntity: result() }),
    });
    renderPage(<FieldSettings />, '/manage/visitorManagement/fieldSettings');
    await screen.findByText('nationality');
    fireEvent.click(switchOf('国籍 访客信息必填'));
    await waitFor(() =>
      expect(callsOf(calls, 'batchUpdateVisitorInfoFieldSettingsEntity')).toEqual([
        { models: [{ id: 'f1', is_visitor_required_info: 1 }] },
      ]),
    );

    await clickButton('新增');
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('字段名'), { target: { value: 'company_size' } });
    fireEvent.change(within(dialog).getByLabelText('中文名称'), { target: { value: '公司规模' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '类型' }));
    fireEvent.click(await screen.findByText('下拉选择', { selector: '.ant-select-item-option-content' }));
    // a choice without options is refused on the page
    await clickButton('确定', dialog);
    expect(await within(dialog).findByText('请填写选项')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('选项'), { target: { value: '小\n中\n大' } });
    fireEvent.click(within(dialog).getByLabelText('在到访记录显示'));
    await clickButton('确定', dialog);
    await waitFor(() => expect(callsOf(calls, 'saveVisitorInfoFieldSettingsEntity')).toHaveLength(1));
    expect(callsOf(calls, 'saveVisitorInfoFieldSettingsEntity')[0]).toEqual({
      model: {
        field_name: 'company_size',
        field_label: '公司规模',
        field_label_en: '',
        field_type: 'select',
        data_range: ['小', '中', '大'],
        is_visitor_valid_info: 1,
        is_visitor_required_info: 0,
        is_appointment_valid_info: 0,
        is_appointment_required_info: 0,
        is_show_school_info: 0,
        is_show_visit_record: 1,
      },
    });

    await clickButton('删除', screen.getByText('nationality').closest('tr')!);
    const confirm = await screen.findByRole('tooltip');
    await clickButton('确定', confirm);
    await waitFor(() => expect(callsOf(calls, 'batchDeleteVisitorInfoFieldSettingsEntity')).toEqual([{ ids: ['f1'] }]));
  });
});

describe('person types', () => {
  it('lists the code table items and adds one', async () => {
    const calls = serve({
      findVisitorPersonTypeList: () => ({
        findVisitorPersonTypeList: [
          { id: 'p1', item_code: 'parent', item_name: '家长', item_name_en: 'Parent', item_index: 1, create_time: '' },
        ],
      }),
      saveVisitorPersonType: () => ({ saveVisitorPersonType: result() }),
    });
    renderPage(<PersonTypes />, '/manage/visitorManagement/visitorPersonType');
    await screen.findByText('家长');
    await clickButton('新增');
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('中文名称'), { target: { value: '实习生' } });
    fireEvent.change(within(dialog).getByLabelText('英文名称'), { target: { value: 'Intern' } });
    await clickButton('确定', dialog);
    await waitFor(() =>
      expect(callsOf(calls, 'saveVisitorPersonType')).toEqual([
        { model: { item_name: '实习生', item_name_en: 'Intern', item_index: 2 } },
      ]),
    );
  });
});

describe('overall settings', () => {
  it('shows the settings, keeps the retention in range, saves the form', async () => {
    const calls = serve({
      ...{ findVisitorAreaResourcesAll: areas },
      findVisitorOverallSettingsEntity: () => ({
        findVisitorOverallSettingsEntity: {
          id: 'o1',
          sys_name: '访客系统',
          banner_img: '',
          welcome_content: '<p>欢迎</p>',
          is_welcome_setting: 1,
          is_visitor_qr_code: 1,
          is_visitor_infor: 1,
          is_invite_school_flow_path: 0,
          apply_school_resources: AREA_B,
          retention_days: 180,
          mod_time: '2026-11-01 08:00:00',
        },
      }),
      updateVisitorOverallSettingsEntity: () => ({ updateVisitorOverallSettingsEntity: result() }),
    });
    renderPage(<OverallSettings />, '/manage/visitorManagement/overallSettings');
    await waitFor(() => expect((screen.getByLabelText('系统名称') as HTMLInputElement).value).toBe('访客系统'));
    expect(await screen.findByText('图书馆 · 主校区')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('系统名称'), { target: { value: '来访登记' } });
    fireEvent.click(switchOf('二维码通行证'));
    // each switch says what on and off do
    expect(screen.getByText(/「邀约访客」类型的审批流程审批；关闭：被访人发出的邀约立即通过，无需审批/)).toBeTruthy();
    expect(screen.getByText(/关闭：不向访客收集也不要求填写信息字段/)).toBeTruthy();
    expect(screen.getByText(/门岗核对访客姓名和证件号码/)).toBeTruthy();
    fireEvent.click(switchOf('信息采集'));
    fireEvent.click(switchOf('邀约需要审批'));
    const retention = screen.getByLabelText('个人信息保留天数');
    // below the least period the field holds the least (7 days)
    fireEvent.change(retention, { target: { value: '3' } });
    fireEvent.blur(retention);
    await waitFor(() => expect((retention as HTMLInputElement).value).toBe('7'));
    fireEvent.change(retention, { target: { value: '30' } });
    fireEvent.blur(retention);
    await clickButton('保存');
    await waitFor(() => expect(callsOf(calls, 'updateVisitorOverallSettingsEntity')).toHaveLength(1));
    expect(callsOf(calls, 'updateVisitorOverallSettingsEntity')[0]).toEqual({
      model: {
        sys_name: '来访登记',
        banner_img: '',
        is_welcome_setting: 1,
        welcome_content: '<p>欢迎</p>',
        is_visitor_qr_code: 0,
        is_visitor_infor: 0,
        is_invite_school_flow_path: 1,
        apply_school_resources: AREA_B,
        retention_days: 30,
      },
    });
  });

  it('a failed load says so and offers a retry', async () => {
    serve({
      findVisitorAreaResourcesAll: areas,
      findVisitorOverallSettingsEntity: () => {
        throw new Error('boom');
      },
    });
    renderPage(<OverallSettings />, '/manage/visitorManagement/overallSettings');
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeTruthy();
  });
});

describe('visitor administrators (a tab of the overall settings)', () => {
  it('lists them with their scope; adds a directory user as gate staff for one area; disables one', async () => {
    const calls = serve({
      findVisitorAreaResourcesAll: areas,
      findVisitorOverallSettingsEntity: () => ({ findVisitorOverallSettingsEntity: null }),
      findVisitorAdminPermissionsEntityList: () => ({
        findVisitorAdminPermissionsEntityList: [
          {
            id: 'a1',
            admin_user: 'wang',
            admin_user_name: '王老师',
            permission: 'admin',
            scope_areas: AREA_A,
            scope_types: '1',
            is_enable: 1,
            mod_user: 'admin',
            mod_time: '2026-11-01 08:00:00',
          },
        ],
      }),
      users: () => ({ users: { edges: [{ node: { id: 'u1', account: 'li', name: '李老师' } }], totalCount: 1 } }),
      saveVisitorAdminPermissionsEntity: () => ({ saveVisitorAdminPermissionsEntity: result() }),
      updateVisitorAdminPermissionsEntityState: () => ({ updateVisitorAdminPermissionsEntityState: result() }),
    });
    renderPage(<OverallSettings />, '/manage/visitorManagement/overallSettings');
    fireEvent.click(await screen.findByRole('tab', { name: '访客管理员' }));
    const row = (await screen.findByText('王老师')).closest('tr')!;
    expect(within(row).getByText('东门')).toBeTruthy();
    expect(within(row).getByText('访客申请')).toBeTruthy();
    fireEvent.click(within(row).getByRole('switch', { name: '启用 wang' }));
    await waitFor(() =>
      expect(callsOf(calls, 'updateVisitorAdminPermissionsEntityState')).toEqual([{ ids: ['a1'], is_enable: 0 }]),
    );

    await clickButton('新增');
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '选择用户' }));
    fireEvent.click(await screen.findByText('李老师 (li)'));
    fireEvent.click(within(dialog).getByLabelText('门岗核验'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '管理区域' }));
    fireEvent.click(await screen.findByText('图书馆 · 主校区', { selector: '.ant-select-item-option-content' }));
    await clickButton('确定', dialog);
    await waitFor(() =>
      expect(callsOf(calls, 'saveVisitorAdminPermissionsEntity')).toEqual([
        { model: { admin_user: 'li', permission: 'gate', scope_areas: AREA_B, scope_types: '', is_enable: 1 } },
      ]),
    );
  });
});
