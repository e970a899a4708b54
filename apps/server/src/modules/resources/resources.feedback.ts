import type { Tx } from '../../db/client.ts';

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

let reader: FeedbackReader | null = null;

/**
 * Registers the reader of the module that holds likes and evaluations (evaluations), at
 * composition, so that resources never imports it.
 */
export function provideResourceFeedback(read: FeedbackReader): void {
  reader = read;
}

/** The feedback of `resourceIds`, from the registered reader. */
export function feedbackOf(tx: Tx, tenantId: string, resourceIds: string[], account: string) {
  if (!reader) throw new Error('no resource feedback reader registered (modules/evaluations)');
  return reader(tx, tenantId, resourceIds, account);
}
