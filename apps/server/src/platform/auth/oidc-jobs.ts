import type { Job } from '../jobs.ts';
import { sweepExpired } from './oidc-adapter.ts';

/** Deletes the sign-in provider's expired sessions, codes and tokens every ten minutes. */
export const sweepExpiredSignInRecords: Job = {
  name: 'oidc.sweep-expired',
  everyMs: 10 * 60_000,
  async run(db) {
    const removed = await sweepExpired(db);
    return removed ? `removed ${removed} expired sign-in records` : undefined;
  },
};
