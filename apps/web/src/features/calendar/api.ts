import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gql, RequestError } from '../../lib/graphql.ts';
import type { OperationResult } from '../../lib/operation-result.ts';
import { assertOk } from '../notices/api/result.ts';

/**
 * Private calendar feeds (server: modules/calendar): a user's feed of their bookings, and a
 * resource's feed for its administrators. A feed's URL is shown once, when it is made; only
 * the list of live feeds (without URLs) can be read again.
 */

export interface CalendarFeed {
  id: string;
  /** `user` or `resource`. */
  kind: string;
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  create_time: string;
}

/** A new feed: its https URL and the same as webcal:// (calendar apps open it as a subscription). */
export interface MadeFeed {
  url: string;
  webcal_url: string;
  replaced: boolean;
  feed: CalendarFeed;
}

const FEED_FIELDS = 'id kind resources_id resources_name resources_name_en create_time';

export const findCalendarFeedAllForAccountDocument = /* GraphQL */ `
  query findCalendarFeedAllForAccount($resources_id: String) {
    findCalendarFeedAllForAccount(resources_id: $resources_id) { ${FEED_FIELDS} }
  }
`;

export const saveCalendarFeedDocument = /* GraphQL */ `
  mutation saveCalendarFeed($kind: String, $resources_id: String) {
    saveCalendarFeed(kind: $kind, resources_id: $resources_id) {
      errcode msg msg_en url webcal_url replaced feed { ${FEED_FIELDS} }
    }
  }
`;

export const deleteCalendarFeedDocument = /* GraphQL */ `
  mutation deleteCalendarFeed($id: ID) {
    deleteCalendarFeed(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Which feed: the caller's own bookings, or a resource's. */
export type FeedTarget = { kind: 'user' } | { kind: 'resource'; resourceId: string };

export const calendarKeys = {
  all: ['calendarFeeds'] as const,
  of: (target: FeedTarget) => [...calendarKeys.all, target.kind === 'user' ? 'user' : target.resourceId] as const,
};

/** The caller's live feed of the target, or null. */
export async function findFeed(target: FeedTarget): Promise<CalendarFeed | null> {
  const data = await gql<{ findCalendarFeedAllForAccount: CalendarFeed[] | null }>(
    'apps_yy_sys',
    findCalendarFeedAllForAccountDocument,
    target.kind === 'resource' ? { resources_id: target.resourceId } : {},
  );
  return (data.findCalendarFeedAllForAccount ?? []).find((f) => f.kind === target.kind) ?? null;
}

export function useCalendarFeed(target: FeedTarget) {
  return useQuery(queryOptions({ queryKey: calendarKeys.of(target), queryFn: () => findFeed(target), retry: false }));
}

/** Makes (or replaces) the caller's feed of the target; the answer carries its URL. */
export async function saveFeed(target: FeedTarget): Promise<MadeFeed> {
  const data = await gql<{ saveCalendarFeed: (OperationResult & Partial<MadeFeed>) | null }>(
    'apps_yy_sys',
    saveCalendarFeedDocument,
    target.kind === 'resource' ? { kind: 'resource', resources_id: target.resourceId } : { kind: 'user' },
  );
  const result = assertOk(data.saveCalendarFeed) as OperationResult & Partial<MadeFeed>;
  if (!result.url || !result.webcal_url || !result.feed) throw new RequestError('系统异常', 'graphql');
  return { url: result.url, webcal_url: result.webcal_url, replaced: !!result.replaced, feed: result.feed };
}

/** Revokes one of the caller's feeds. */
export async function deleteFeed(id: string): Promise<void> {
  const data = await gql<{ deleteCalendarFeed: OperationResult | null }>('apps_yy_sys', deleteCalendarFeedDocument, {
    id,
  });
  assertOk(data.deleteCalendarFeed);
}

export function useSaveCalendarFeed(target: FeedTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => saveFeed(target),
    onSuccess: (made) => client.setQueryData(calendarKeys.of(target), made.feed),
  });
}

export function useDeleteCalendarFeed(target: FeedTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteFeed(id),
    onSuccess: () => client.setQueryData(calendarKeys.of(target), null),
  });
}
