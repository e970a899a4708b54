import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BallotSetting } from '../../../../features/ballot-admin/types.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { ROOM_ID, TYPE_ID, callsOf, clickButton, renderPage, result, serve } from '../sign/testing.tsx';
import { ReleaseSettings } from './ReleaseSettings.tsx';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());

const setting = (patch: Partial<BallotSetting>): BallotSetting => ({
  target_kind: 'resource',
  target_id: ROOM_ID,
  release_mode: 'race',
  window_minutes: 10,
  weighted: false,
  max_wins_per_person: 0,
  source: 'default',
  ...patch,
});

const section = () => screen.getByTestId('ballot-release');

describe('release settings', () => {
  it("a resource's own setting can be removed: it follows its type again", async () => {
    let own = true;
    const calls = serve({
      findBallotSettings: () => ({
        findBallotSettings: [
          own
            ? setting({ release_mode: 'race', source: 'resource' })
            : setting({ release_mode: 'ballot', source: 'type', window_minutes: 15 }),
        ],
      }),
      saveBallotSetting: () => {
        own = false;
        return { saveBallotSetting: result() };
      },
    });
    renderPage(<ReleaseSettings kind="resource" id={ROOM_ID} />, '/manage/resources/resources-list/x');
    expect(await screen.findByText('当前生效的设置：本资源自己的设置')).toBeTruthy();
    await clickButton('不单独设置，沿用资源类型');
    expect(await screen.findByText('当前生效的设置：沿用资源类型的设置')).toBeTruthy();
    expect(callsOf(calls, 'saveBallotSetting')[0]).toMatchObject({
      model: { target_kind: 'resource', target_id: ROOM_ID, release_mode: 'inherit' },
    });
    expect(screen.queryByRole('button', { name: /沿用资源类型/ })).toBeNull();
  });

  it("a resource following its type's ballot: says so, and saves its own settings", async () => {
    let saved: BallotSetting | null = null;
    const calls = serve({
      findBallotSettings: () => ({
        findBallotSettings: [
          saved ?? setting({ release_mode: 'ballot', source: 'type', weighted: true, max_wins_per_person: 2 }),
        ],
      }),
      saveBallotSetting: ({ model }) => {
        saved = { ...(model as BallotSetting), source: 'resource' };
        return { saveBallotSetting: result() };
      },
    });
    renderPage(<ReleaseSettings kind="resource" id={ROOM_ID} />, '/manage/resources/resources-list/x');
    expect(await screen.findByText('当前生效的设置：沿用资源类型的设置')).toBeTruthy();
    expect(screen.getByText('抽签：开放后 10 分钟内报名，加权，每人最多中 2 个')).toBeTruthy();
    expect(callsOf(calls, 'findBallotSettings')).toEqual([{ resourcesIds: [ROOM_ID] }]);
    // the plain explanation of weighting is there
    expect(screen.getByText(/近 30 天内有违约/)).toBeTruthy();

    const windowInput = within(section()).getByLabelText('报名时长（分钟）');
    fireEvent.change(windowInput, { target: { value: '30' } });
    fireEvent.click(within(section()).getByRole('switch'));
    fireEvent.change(within(section()).getByLabelText('每人中签上限'), { target: { value: '0' } });
    await clickButton('保存发放设置');
    expect(await screen.findByText('发放设置已保存')).toBeTruthy();
    expect(callsOf(calls, 'saveBallotSetting')).toEqual([
      {
        model: {
          target_kind: 'resource',
          target_id: ROOM_ID,
          release_mode: 'ballot',
          window_minutes: 30,
          weighted: false,
          max_wins_per_person: 0,
        },
      },
    ]);
    expect(await screen.findByText('当前生效的设置：本资源自己的设置')).toBeTruthy();
    expect(screen.getByText('抽签：开放后 30 分钟内报名，不加权，每人中签不限')).toBeTruthy();
  });

  it('a type set to ballot from race; a window out of 1-1440 is not sent; the server refusal is shown', async () => {
    const calls = serve({
      findBallotSettings: () => ({ findBallotSettings: [setting({ target_kind: 'type', target_id: TYPE_ID })] }),
      saveBallotSetting: () => ({
        saveBallotSetting: result('403', '无权限执行该操作', 'You are not allowed to do this'),
      }),
    });
    renderPage(<ReleaseSettings kind="type" id={TYPE_ID} />, '/manage/resources/resources-type-list');
    expect(await screen.findByText('当前生效的设置：尚未设置，使用默认（先到先得）')).toBeTruthy();
    expect(callsOf(calls, 'findBallotSettings')).toEqual([{ resourcesTypeIds: [TYPE_ID] }]);
    // race: no ballot fields
    expect(within(section()).queryByLabelText('报名时长（分钟）')).toBeNull();
    fireEvent.click(within(section()).getByRole('radio', { name: /抽签/ }));
    const windowInput = await within(section()).findByLabelText('报名时长（分钟）');
    expect((windowInput as HTMLInputElement).value).toBe('10');
    await act(async () => {
      fireEvent.change(windowInput, { target: { value: '' } });
    });
    await clickButton('保存发放设置');
    await waitFor(() => expect(within(section()).getAllByText(/1 至 1440 分钟/).length).toBeGreaterThan(1));
    expect(callsOf(calls, 'saveBallotSetting')).toEqual([]);

    fireEvent.change(windowInput, { target: { value: '15' } });
    await clickButton('保存发放设置');
    await waitFor(() => expect(within(section()).getByRole('alert').textContent).toContain('无权限执行该操作'));
    expect(callsOf(calls, 'saveBallotSetting')).toEqual([
      {
        model: {
          target_kind: 'type',
          target_id: TYPE_ID,
          release_mode: 'ballot',
          window_minutes: 15,
          weighted: false,
          max_wins_per_person: 0,
        },
      },
    ]);
  });

  it('asks to save a new type first, and says when the settings cannot be loaded', async () => {
    serve({ findBallotSettings: () => undefined });
    const { unmount } = renderPage(
      <ReleaseSettings kind="type" id={undefined} />,
      '/manage/resources/resources-type-list',
    );
    expect(screen.getByText('请先保存资源类型，再设置发放方式。')).toBeTruthy();
    unmount();
    renderPage(<ReleaseSettings kind="resource" id={ROOM_ID} />, '/manage/resources/resources-list/x');
    expect(await screen.findByText('发放设置加载失败')).toBeTruthy();
    expect(screen.getByText('no answer for findBallotSettings')).toBeTruthy();
  });
});
