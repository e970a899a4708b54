import type { Tx } from '../../db/client.ts';
import { definePort } from '../../platform/port.ts';

/** What people think of a resource, as its lists and detail show it. */
export interface ResourceFeedback {
  like: number;
  /** Whether the caller is one of those who like it. */
  liked: boolean;
  evaluateCount: number;
  average: number;
}

/** Reads the feedback of `resourceIds` in the caller's transaction; `account` is the caller's. */
export type FeedbackReader = (
  tx: Tx,
  tenantId: string,
  resourceIds: string[],
  account: string,
) => Promise<Map<string, ResourceFeedback>>;

const reader = definePort<FeedbackReader>('resource feedback reader', 'evaluations');

/**
 * Registers the reader of the module that holds likes and evaluations (evaluations), at
 * composition, so that resources never imports it.
 */
export const provideResourceFeedback = reader.provide;

/** The feedback of `resourceIds`, from the registered reader. */
export function feedbackOf(tx: Tx, tenantId: string, resourceIds: string[], account: string) {
  return reader.use()(tx, tenantId, resourceIds, account);
}
