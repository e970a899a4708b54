import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { callsOf, clickButton, pickOption, renderPage, serve } from '../sign/testing.tsx';
import StaffAuthorization from './StaffAuthorization.tsx';
import { appRoles, FLOWS, grant, page, toChinese, toEnglish } from './testing.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await toChinese();
});
vi.setConfig({ testTimeout: 60_000 });

const AREA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const gate = grant('g', {
  permission: 'visitorGate',
  app: 'visitor',
  targetName: '王门卫 (wang)',
  filter: JSON.stringify({ areas: [AREA], visitorTypes: ['2'] }),
});
const desk = grant('d', { permission: 'checkinStaff', targetName: '赵签到 (zhao)' });

function open(path = '/manage/console/authorize/staff') {
  const calls = serve({
    flows: () => ({ flows: FLOWS }),
    appRoles,
    permissions: () => ({ permissions: page([gate, desk]) }),
    findVisitorAreaResourcesAll: () => ({
      findVisitorAreaResourcesAll: [
        { id: AREA, resources_name: '东门', resources_name_en: 'East gate', campus_name: '本部', building_name: '' },
      ],
    }),
  });
  renderPage(<StaffAuthorization />, path);
  return calls;
}

describe('staff identity authorization', () => {
  it('lists users holding a staff role, with the role and what it covers, and filters by role', async () => {
    const calls = open();
    const gateRow = (await screen.findByText('王门卫 (wang)')).closest('tr')!;
    expect(within(gateRow).getByText('门岗人员')).toBeTruthy();
    await within(gateRow).findByText('访客区域：东门；访客类型：邀约访客');
    expect(within(screen.getByText('赵签到 (zhao)').closest('tr')!).getByText('签到人员')).toBeTruthy();
    expect(callsOf(calls, 'permissions')[0]).toEqual({
      first: 10,
      offset: 0,
      filter: { staff: { eq: '1' }, type: { eq: 'user' } },
    });
    await pickOption('人员身份', '门岗人员');
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'permissions').at(-1)).toEqual({
        first: 10,
        offset: 0,
        filter: { staff: { eq: '1' }, type: { eq: 'user' }, permission: { eq: 'visitorGate' } },
      }),
    );
  });

  it('grants staff roles only, to users only', async () => {
    open();
    await screen.findByText('王门卫 (wang)');
    await clickButton('授权');
    const dialog = await screen.findByRole('dialog');
    await pickOption(within(dialog).getByRole('combobox', { name: '角色' }), '签到人员');
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(['签到人员', '门岗人员']);
    expect(within(dialog).queryByRole('radio', { name: '部门' })).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: '授权对象' })).toBeTruthy();
    expect(await within(dialog).findByRole('combobox', { name: '授权范围 · 场馆' })).toBeTruthy();
  });

  it('narrows to one application from the console’s link, in English', async () => {
    await toEnglish();
    const calls = open('/manage/console/authorize/staff?app=visitor');
    expect(await screen.findByText('Gate staff')).toBeTruthy();
    expect(callsOf(calls, 'permissions')[0]).toEqual({
      first: 10,
      offset: 0,
      filter: { staff: { eq: '1' }, type: { eq: 'user' }, app: { eq: 'visitor' } },
    });
    expect(await screen.findByText('Visitor areas: East gate; Visitor types: Host invitation')).toBeTruthy();
  });
});
