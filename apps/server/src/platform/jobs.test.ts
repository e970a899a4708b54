import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { freshDatabase } from '../../test/support.ts';
import { jobLockKey, runExclusively, type Job } from './jobs.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('jobs', () => {
  it('gives every job its own stable lock key', () => {
    expect(jobLockKey('a')).toBe(jobLockKey('a'));
    expect(jobLockKey('a')).not.toBe(jobLockKey('b'));
  });

  it('runs a job and releases its lock at the end of the run', async () => {
    let runs = 0;
    const job: Job = { name: 'count', everyMs: 1000, run: async () => void runs++ };
    expect(await runExclusively(database.db, job)).toBe(true);
    expect(await runExclusively(database.db, job)).toBe(true);
    expect(runs).toBe(2);
  });
});
