import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { databaseFailure } from './errors.ts';
import { recordJobRun } from './metrics.ts';

export interface Job {
  /** Unique name; also decides the advisory lock key. */
  name: string;
  /** How often it runs, ms. */
  everyMs: number;
  run(db: Db): Promise<string | void>;
}

/** A stable 32-bit key for a job name (FNV-1a), for pg_try_advisory_xact_lock. */
export function jobLockKey(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of Buffer.from(`yuyue-job:${name}`)) {
    h ^= ch;
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/**
 * Runs a job once if no other instance is running it right now: the run holds a
 * transaction-level advisory lock, so N app instances on one database run it one at a time.
 * Returns false when another instance holds the lock.
 */
export async function runExclusively(db: Db, job: Job, log?: FastifyBaseLogger): Promise<boolean> {
  if ((db as { $client?: unknown }).$client instanceof PGlite) return runInProcess(db, job, log);
  return db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${jobLockKey(job.name)}) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0]?.locked) return false;
    const outcome = await job.run(db);
    if (outcome) log?.info({ job: job.name }, outcome);
    return true;
  });
}

/**
 * PGlite is one connection: a job's own queries would wait behind the lock's open transaction
 * for ever. Its data directory lock already keeps every other process out, so a per-database
 * set of running jobs is the lock there.
 */
const runningOn = new WeakMap<Db, Set<string>>();
async function runInProcess(db: Db, job: Job, log?: FastifyBaseLogger): Promise<boolean> {
  const running = runningOn.get(db) ?? new Set<string>();
  runningOn.set(db, running);
  if (running.has(job.name)) return false;
  running.add(job.name);
  try {
    const outcome = await job.run(db);
    if (outcome) log?.info({ job: job.name }, outcome);
    return true;
  } finally {
    running.delete(job.name);
  }
}

/** Starts every job on its interval (first run after one interval); returns a stop function. */
export function startJobs(db: Db, jobs: Job[], log: FastifyBaseLogger): () => Promise<void> {
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) =>
    setInterval(() => {
      if (stopped) return;
      const started = performance.now();
      const took = () => (performance.now() - started) / 1000;
      const p = runExclusively(db, job, log)
        .then((ran) => recordJobRun(job.name, ran ? 'ran' : 'skipped', took()))
        .catch((err: unknown) => {
          recordJobRun(job.name, 'failed', took());
          // The database unreachable: the next interval runs it again, once it answers.
          if (databaseFailure(err))
            log.warn({ job: job.name, err: (err as Error).message }, 'job failed: database unavailable');
          else log.error({ err, job: job.name }, 'job failed');
        })
        .finally(() => running.delete(p));
      running.add(p);
    }, job.everyMs),
  );
  for (const t of timers) t.unref();
  return async () => {
    stopped = true;
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...running]);
  };
}
