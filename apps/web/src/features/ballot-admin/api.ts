import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../lib/graphql.ts';
import type { OperationResult } from '../../lib/operation-result.ts';
import { bookingKeys } from '../booking/keys.ts';
import { assertOk } from '../notices/api/result.ts';
import {
  DEFAULT_SETTING,
  ballotKeys,
  type BallotDraw,
  type BallotDrawDetail,
  type BallotDrawNow,
  type BallotReplay,
  type BallotSetting,
  type BallotSettingInput,
  type Connection,
  type DrawSearch,
  type ResourceRelease,
  type ResourceReleaseSearch,
  type TargetKind,
} from './types.ts';

const emptyPage = <T>(): Connection<T> => ({
  edges: [],
  pageInfo: { hasNextPage: false, endCursor: null },
  totalCount: 0,
});

const SETTING_FIELDS = 'target_kind target_id release_mode window_minutes weighted max_wins_per_person source';
const DRAW_FIELDS = `id resources_id resources_name resources_name_en appointment_date closes_at drawn_at seed
  weighted max_wins_per_person slots { slot capacity } entries_count winners_count took_ms drawn_by`;

export const findBallotSettingsDocument = /* GraphQL */ `
  query findBallotSettings($resourcesIds: [ID], $resourcesTypeIds: [ID]) {
    findBallotSettings(resourcesIds: $resourcesIds, resourcesTypeIds: $resourcesTypeIds) { ${SETTING_FIELDS} }
  }
`;

/** The release settings in force for one resource type or resource (the default when none is set). */
export async function findBallotSetting(kind: TargetKind, id: string): Promise<BallotSetting> {
  const data = await gql<{ findBallotSettings: BallotSetting[] | null }>('apps_yy_sys', findBallotSettingsDocument, {
    ...(kind === 'type' ? { resourcesTypeIds: [id] } : { resourcesIds: [id] }),
  });
  const found = (data.findBallotSettings ?? []).find((s) => s.target_kind === kind && s.target_id === id);
  return found ?? { ...DEFAULT_SETTING, target_kind: kind, target_id: id };
}

export function useBallotSetting(kind: TargetKind, id: string | undefined) {
  return useQuery({
    queryKey: ballotKeys.settings(kind, id ?? ''),
    queryFn: () => findBallotSetting(kind, id!),
    enabled: !!id,
    retry: false,
  });
}

export const saveBallotSettingDocument = /* GraphQL */ `
  mutation saveBallotSetting($model: InputBallotSetting) {
    saveBallotSetting(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Saves a type's (tenant administrators) or a resource's (its administrators) release settings. */
export async function saveBallotSetting(model: BallotSettingInput): Promise<OperationResult> {
  return assertOk(
    (await gql<{ saveBallotSetting: OperationResult | null }>('apps_yy_sys', saveBallotSettingDocument, { model }))
      .saveBallotSetting,
  );
}

/** Saves release settings; every settings query reloads (a type's change shows on its resources). */
export function useSaveBallotSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBallotSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ballotKeys.all, 'settings'] }),
  });
}

export const findBallotResourceSettingAllDocument = /* GraphQL */ `
  query findBallotResourceSettingAll($first: Int, $offset: Int, $keyword: String, $releaseMode: String) {
    findBallotResourceSettingAll(first: $first, offset: $offset, keyword: $keyword, releaseMode: $releaseMode) {
      edges {
        node {
          id
          resources_name
          resources_name_en
          resources_number
          resources_type_id
          resources_type_name
          resources_type_name_en
          state
          release_mode
          window_minutes
          weighted
          max_wins_per_person
          source
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }
`;

export interface FindResourceReleasesVariables extends ResourceReleaseSearch {
  first: number;
  offset: number;
}

/**
 * The resources the caller administers (every one for a tenant administrator) with their release
 * settings in force; the server refuses (FORBIDDEN) a user who administers none.
 */
export async function findResourceReleases(
  variables: FindResourceReleasesVariables,
): Promise<Connection<ResourceRelease>> {
  const data = await gql<{ findBallotResourceSettingAll: Connection<ResourceRelease> | null }>(
    'apps_yy_sys',
    findBallotResourceSettingAllDocument,
    { ...variables },
  );
  return data.findBallotResourceSettingAll ?? emptyPage();
}

export function useResourceReleases(variables: FindResourceReleasesVariables) {
  return useQuery({
    queryKey: ballotKeys.resourceReleases(variables),
    queryFn: () => findResourceReleases(variables),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Whether the signed-in user sets how some resources are released (the server lists one of them
 * to them): asked only when `ask` (a scoped user; a tenant administrator always may). A refusal
 * or a failure means no.
 */
export function useSetsReleases(ask: boolean) {
  const probe = useQuery({
    queryKey: ballotKeys.resourceReleases({ probe: true }),
    queryFn: () => findResourceReleases({ first: 1, offset: 0 }),
    enabled: ask,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return ask && !!probe.data?.totalCount;
}

export const findBallotDrawAllDocument = /* GraphQL */ `
  query findBallotDrawAll($first: Int, $offset: Int, $resourcesId: ID, $dateFrom: String, $dateTo: String) {
    findBallotDrawAll(first: $first, offset: $offset, resourcesId: $resourcesId, dateFrom: $dateFrom, dateTo: $dateTo) {
      edges { node { ${DRAW_FIELDS} } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface FindBallotDrawAllVariables extends DrawSearch {
  first: number;
  offset: number;
}

/** Draws of the resources the caller administers, latest first. */
export async function findBallotDrawAll(variables: FindBallotDrawAllVariables): Promise<Connection<BallotDraw>> {
  const data = await gql<{ findBallotDrawAll: Connection<BallotDraw> | null }>(
    'apps_yy_sys',
    findBallotDrawAllDocument,
    { ...variables },
  );
  return data.findBallotDrawAll ?? emptyPage();
}

export function useBallotDraws(variables: FindBallotDrawAllVariables) {
  return useQuery({
    queryKey: ballotKeys.draws(variables),
    queryFn: () => findBallotDrawAll(variables),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const findBallotDrawDocument = /* GraphQL */ `
  query findBallotDraw($id: ID) {
    findBallotDraw(id: $id) {
      ${DRAW_FIELDS}
      entries { id appointment_id appointment_user appointment_user_name slot weight position outcome refusal create_time }
    }
  }
`;

/** One draw with its entries in drawn order. */
export async function findBallotDraw(id: string): Promise<BallotDrawDetail | null> {
  const data = await gql<{ findBallotDraw: BallotDrawDetail | null }>('apps_yy_sys', findBallotDrawDocument, { id });
  return data.findBallotDraw;
}

export function useBallotDraw(id: string | null) {
  return useQuery({
    queryKey: ballotKeys.draw(id ?? ''),
    queryFn: () => findBallotDraw(id!),
    enabled: !!id,
    retry: false,
  });
}

export const replayBallotDrawDocument = /* GraphQL */ `
  mutation replayBallotDraw($id: ID) {
    replayBallotDraw(id: $id) {
      id
      seed
      verified
      difference
      winners
    }
  }
`;

/** Draws a recorded draw again from its seed and inputs and compares (logged by the server). */
export async function replayBallotDraw(id: string): Promise<BallotReplay> {
  const data = await gql<{ replayBallotDraw: BallotReplay | null }>('apps_yy_sys', replayBallotDrawDocument, { id });
  if (!data.replayBallotDraw) throw new Error('replayBallotDraw: no answer');
  return data.replayBallotDraw;
}

export function useReplayBallotDraw() {
  return useMutation({ mutationFn: replayBallotDraw });
}

export const drawBallotNowDocument = /* GraphQL */ `
  mutation drawBallotNow($resourcesId: ID, $date: Date) {
    drawBallotNow(resourcesId: $resourcesId, date: $date) {
      id
      resources_id
      appointment_date
      seed
      entries_count
      winners_count
      losers
    }
  }
`;

/** Closes a date's collection early and draws it now. */
export async function drawBallotNow(args: { resourcesId: string; date: string }): Promise<BallotDrawNow> {
  const data = await gql<{ drawBallotNow: BallotDrawNow | null }>('apps_yy_sys', drawBallotNowDocument, args);
  if (!data.drawBallotNow) throw new Error('drawBallotNow: no answer');
  return data.drawBallotNow;
}

/** Draws a date now; the draws and the dates' phases reload. */
export function useDrawBallotNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: drawBallotNow,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...ballotKeys.all, 'draws'] });
      // the dates' phases, read through the booking feature's query
      await queryClient.invalidateQueries({ queryKey: [...bookingKeys.all, 'ballotDate'] });
    },
  });
}
