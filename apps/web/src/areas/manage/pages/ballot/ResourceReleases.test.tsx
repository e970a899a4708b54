import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BallotSetting, ResourceRelease } from '../../../../features/ballot-admin/types.ts';
import { LANGUAGE_KEY } from '../../../../lib/i18n.ts';
import { loadTranslations } from '../../../../locales/index.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { callsOf, clickButton, pickOption, renderPage, result } from '../sign/testing.tsx';
import BallotDraws from './BallotDraws.tsx';
import { RESOURCE_IDS, forbidden, release, releasePage, serveBallot } from './testing.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
beforeAll(prepareBackOfficeTest);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.removeItem(LANGUAGE_KEY);
  await i18n.changeLanguage('zh');
});

const PATH = '/manage/appointment/ballot-draws?tab=releases';

const court = release(RESOURCE_IDS.court, {
  release_mode: 'ballot',
  window_minutes: 20,
  weighted: true,
  max_wins_per_person: 2,
  source: 'resource',
});
const hall = release(RESOURCE_IDS.hall, {
  resources_name: '东区羽毛球馆',
  resources_name_en: 'East badminton hall',
  resources_number: 'YMQ-H',
  source: 'type',
});
const closed = release(RESOURCE_IDS.closed, {
  resources_name: '旧馆',
  resources_name_en: 'Old hall',
  resources_number: '',
  state: 0,
});

/** The table row naming `text`. */
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

/** A row's release-mode tag: its word and whether it carries an icon. */
function modeOf(row: HTMLElement) {
  const tag = row.querySelector<HTMLElement>('[data-mode]');
  return { mode: tag?.dataset.mode, text: tag?.textContent, icon: !!tag?.querySelector('svg') };
}

async function useEnglish() {
  for (const part of ['core', 'desktop', 'manage'] as const) {
    i18n.addResourceBundle('en', 'translation', await loadTranslations('en', part), true, true);
  }
  window.localStorage.setItem(LANGUAGE_KEY, 'en');
  await i18n.changeLanguage('en');
}

describe('release modes of the resources', () => {
  it('lists the resources with their mode (word and icon), ballot settings and where they come from; searches', async () => {
    const calls = serveBallot({ findBallotResourceSettingAll: () => releasePage([court, hall, closed]) });
    renderPage(<BallotDraws />, PATH);
    expect(await screen.findByText(/本单位全部资源及其当前生效的发放方式/)).toBeTruthy();
    const courtRow = await rowOf('东区羽毛球1号场');
    expect(modeOf(courtRow)).toEqual({ mode: 'ballot', text: '抽签', icon: true });
    expect(within(courtRow).getByText('开放后 20 分钟内报名，加权，每人最多中 2 个')).toBeTruthy();
    expect(within(courtRow).getByText('本资源自己的设置')).toBeTruthy();
    expect(within(courtRow).getByText('YMQ-01')).toBeTruthy();
    const hallRow = await rowOf('东区羽毛球馆');
    expect(modeOf(hallRow)).toEqual({ mode: 'race', text: '先到先得', icon: true });
    expect(within(hallRow).getByText('沿用资源类型的设置')).toBeTruthy();
    const closedRow = await rowOf('旧馆');
    expect(within(closedRow).getByText('已停用')).toBeTruthy();
    expect(within(closedRow).getByText('默认设置（先到先得）')).toBeTruthy();
    expect(screen.getByText('共 3 个资源')).toBeTruthy();
    expect(callsOf(calls, 'findBallotResourceSettingAll')).toEqual([{ first: 10, offset: 0 }]);
    // the draws' own list is not asked for on this tab
    expect(callsOf(calls, 'findBallotDrawAll')).toEqual([]);

    fireEvent.change(screen.getByPlaceholderText('名称或编号'), { target: { value: ' YMQ ' } });
    await pickOption('发放方式', '抽签');
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'findBallotResourceSettingAll').at(-1)).toEqual({
        first: 10,
        offset: 0,
        keyword: 'YMQ',
        releaseMode: 'ballot',
      }),
    );
    await clickButton('重置');
    await waitFor(() =>
      expect(callsOf(calls, 'findBallotResourceSettingAll').at(-1)).toEqual({ first: 10, offset: 0 }),
    );
  });

  it("sets a resource's mode with the resource page's editor in a drawer; the list follows", async () => {
    let saved: BallotSetting | null = null;
    const calls = serveBallot({
      findBallotResourceSettingAll: () =>
        releasePage([court, saved ? { ...hall, ...(saved as Partial<ResourceRelease>), id: hall.id } : hall]),
      findBallotSettings: ({ resourcesIds }) => ({
        findBallotSettings: [
          saved ?? {
            target_kind: 'resource',
            target_id: (resourcesIds as string[])[0],
            release_mode: 'race',
            window_minutes: 10,
            weighted: false,
            max_wins_per_person: 0,
            source: 'type',
          },
        ],
      }),
      saveBallotSetting: ({ model }) => {
        saved = { ...(model as BallotSetting), source: 'resource' };
        return { saveBallotSetting: result() };
      },
    });
    renderPage(<BallotDraws />, PATH);
    const hallRow = await rowOf('东区羽毛球馆');
    await act(async () => {
      fireEvent.click(within(hallRow).getByRole('button', { name: '设置“东区羽毛球馆”的发放方式' }));
    });
    const drawer = (await screen.findByText('发放方式 · 东区羽毛球馆')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('当前生效的设置：沿用资源类型的设置')).toBeTruthy();
    expect(callsOf(calls, 'findBallotSettings')).toEqual([{ resourcesIds: [RESOURCE_IDS.hall] }]);
    fireEvent.click(within(drawer).getByRole('radio', { name: /抽签/ }));
    fireEvent.change(await within(drawer).findByLabelText('报名时长（分钟）'), { target: { value: '30' } });
    await clickButton('保存发放设置', drawer);
    expect(await screen.findByText('发放设置已保存')).toBeTruthy();
    expect(callsOf(calls, 'saveBallotSetting')).toEqual([
      {
        model: {
          target_kind: 'resource',
          target_id: RESOURCE_IDS.hall,
          release_mode: 'ballot',
          window_minutes: 30,
          weighted: false,
          max_wins_per_person: 0,
        },
      },
    ]);
    expect(await within(drawer).findByText('当前生效的设置：本资源自己的设置')).toBeTruthy();
    // the list behind reloads with the saved mode
    await waitFor(async () => expect(modeOf(await rowOf('东区羽毛球馆')).mode).toBe('ballot'));
    expect(within(await rowOf('东区羽毛球馆')).getByText('开放后 30 分钟内报名，不加权，每人中签不限')).toBeTruthy();
  });

  it("shows the server's refusals: the list's (with a retry) and a save's", async () => {
    let refuse = true;
    serveBallot({
      findBallotResourceSettingAll: () => (refuse ? forbidden() : releasePage([hall])),
      findBallotSettings: () => ({
        findBallotSettings: [
          {
            target_kind: 'resource',
            target_id: hall.id,
            release_mode: 'race',
            window_minutes: 10,
            weighted: false,
            max_wins_per_person: 0,
            source: 'type',
          },
        ],
      }),
      saveBallotSetting: () => ({
        saveBallotSetting: result(
          '500',
          '资源或资源类型不存在，或不在您的管理范围内',
          'The resource or resource type does not exist, or you do not administer it',
        ),
      }),
    });
    renderPage(<BallotDraws />, PATH);
    expect(await screen.findByText('拒绝访问')).toBeTruthy();
    refuse = false;
    await clickButton('重试');
    const hallRow = await rowOf('东区羽毛球馆');
    await act(async () => {
      fireEvent.click(within(hallRow).getByRole('button', { name: /东区羽毛球馆/ }));
    });
    const drawer = (await screen.findByText('发放方式 · 东区羽毛球馆')).closest('.ant-drawer') as HTMLElement;
    await within(drawer).findByText('当前生效的设置：沿用资源类型的设置');
    await clickButton('保存发放设置', drawer);
    await waitFor(() =>
      expect(within(drawer).getByRole('alert').textContent).toContain('资源或资源类型不存在，或不在您的管理范围内'),
    );
  });

  it('switches between the draws and the release modes (in the address), in English too', async () => {
    await useEnglish();
    const calls = serveBallot({
      findResourcesAll: () => ({
        findResourcesAll: { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 },
      }),
      findBallotDrawAll: () => ({
        findBallotDrawAll: { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 },
      }),
      findBallotResourceSettingAll: () => releasePage([court]),
    });
    renderPage(<BallotDraws />, '/manage/appointment/ballot-draws');
    expect(await screen.findByText('Ballots')).toBeTruthy();
    expect(await screen.findByText('No draws yet')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Release modes' }));
    });
    const courtRow = await rowOf('East badminton court 1');
    expect(modeOf(courtRow)).toEqual({ mode: 'ballot', text: 'Ballot', icon: true });
    expect(
      within(courtRow).getByText('Entries for 20 min after opening, weighted, at most 2 wins per person'),
    ).toBeTruthy();
    expect(within(courtRow).getByText("This resource's own setting")).toBeTruthy();
    expect(callsOf(calls, 'findBallotResourceSettingAll')).toEqual([{ first: 10, offset: 0 }]);
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Draws' }));
    });
    expect(await screen.findByText('No draws yet')).toBeTruthy();
  });
});
