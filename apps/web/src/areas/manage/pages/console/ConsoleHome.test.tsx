import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { callsOf, renderPage, serve } from '../sign/testing.tsx';
import ConsoleHome from './ConsoleHome.tsx';
import { appRoles, FLOWS, toChinese, toEnglish } from './testing.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await toChinese();
});
vi.setConfig({ testTimeout: 60_000 });

const counts = (v: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(v).map((k, i) => [
      `r${k.slice(1)}`,
      { totalCount: (v[k] as { permission: { eq: string } }).permission.eq === 'resourceAdmin' ? 3 : 10 + i },
    ]),
  );

function open() {
  const calls = serve({ flows: () => ({ flows: FLOWS }), appRoles, permissionCounts: counts });
  renderPage(<ConsoleHome />, '/manage/console');
  return calls;
}

describe('the application centre', () => {
  it('shows a card per application with its roles, their grant counts and the authorization pages', async () => {
    const calls = open();
    const booking = (await screen.findByText('场馆预约')).closest('.ant-card') as HTMLElement;
    expect(within(booking).getByText('场馆管理员')).toBeTruthy();
    expect(within(booking).queryByText('访客管理员')).toBeNull();
    await within(booking).findByText('3 项授权');
    expect(within(booking).getByText('3 项授权').closest('a')!.getAttribute('href')).toBe(
      '/manage/console/govern/rolepermission?app=booking&role=resourceAdmin',
    );
    expect(within(booking).getByText('应用角色授权').closest('a')!.getAttribute('href')).toBe(
      '/manage/console/govern/rolepermission?app=booking',
    );
    expect(within(booking).getByText('人员身份授权').closest('a')!.getAttribute('href')).toBe(
      '/manage/console/authorize/staff?app=booking',
    );
    expect(within(booking).getByText('分级授权').closest('a')!.getAttribute('href')).toBe(
      '/manage/console/authorize/dept_post?app=booking',
    );
    const visitor = screen.getByText('访客管理').closest('.ant-card') as HTMLElement;
    expect(within(visitor).getByText('门岗人员')).toBeTruthy();
    expect(screen.getByText('进入组织机构').closest('a')!.getAttribute('href')).toBe('/manage/console/directory');
    // one request counts every role's grants
    expect(callsOf(calls, 'permissionCounts')).toHaveLength(1);
    expect(Object.values(callsOf(calls, 'permissionCounts')[0]!)).toContainEqual({ permission: { eq: 'visitorGate' } });
  });

  it('speaks English, and says why the applications could not load', async () => {
    await toEnglish();
    open();
    expect(await screen.findByText('Venue booking')).toBeTruthy();
    expect(screen.getByText('Venue administrator')).toBeTruthy();
    await screen.findByText('3 grants');
    expect(screen.getAllByText('Application roles').length).toBe(2);
    cleanup();
    serve({ appRoles });
    renderPage(<ConsoleHome />, '/manage/console');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Could not load the applications/));
  });
});
