import { describe, expect, it } from 'vitest';
import { AppError, databaseFailure, unavailableError } from './errors.ts';

/** An error as node-postgres gives it for a server message: the SQLSTATE on `code`. */
const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** What Drizzle throws around the driver's error. */
const drizzled = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('databaseFailure', () => {
  it.each([
    ['a terminated backend (57P01 admin_shutdown)', pgError('57P01'), 'unavailable'],
    ['a crashed server (57P02)', pgError('57P02'), 'unavailable'],
    ['a server starting or recovering (57P03)', pgError('57P03'), 'unavailable'],
    ['too many connections (53300)', pgError('53300'), 'unavailable'],
    ['a connection exception (08006)', pgError('08006'), 'unavailable'],
    ['a connection failure (08001)', pgError('08001'), 'unavailable'],
    ['the same inside a Drizzle error', drizzled(pgError('57P01')), 'unavailable'],
    ['a statement past statement_timeout (57014)', drizzled(pgError('57014')), 'timeout'],
    ['node-postgres: connection dropped', new Error('Connection terminated unexpectedly'), 'unavailable'],
    ['node-postgres: connect timeout', new Error('Connection terminated due to connection timeout'), 'unavailable'],
    ['node-postgres: pool checkout timeout', new Error('timeout exceeded when trying to connect'), 'unavailable'],
    [
      'node-postgres: a broken client used again',
      new Error('Client has encountered a connection error and is not queryable'),
      'unavailable',
    ],
    ['node-postgres: query_timeout', drizzled(new Error('Query read timeout')), 'unavailable'],
    ['node-postgres: the pool ended', new Error('Cannot use a pool after calling end on the pool'), 'unavailable'],
    ['a refused connection', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'unavailable'],
    ['a reset connection', pgError('ECONNRESET', 'read ECONNRESET'), 'unavailable'],
    ['an unknown host', pgError('ENOTFOUND', 'getaddrinfo ENOTFOUND db'), 'unavailable'],
    [
      'every address refused (AggregateError of a dual-stack connect)',
      new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')], ''),
      'unavailable',
    ],
    ['PGlite closed', drizzled(new Error('PGlite is closed')), 'unavailable'],
    ['PGlite closing', new Error('PGlite is closing'), 'unavailable'],
    ['PGlite runtime aborted', Object.assign(new Error('unreachable'), { name: 'RuntimeError' }), 'unavailable'],
    ['a unique violation', drizzled(pgError('23505')), null],
    ['a foreign key violation', pgError('23503'), null],
    ['a syntax error', pgError('42601'), null],
    ['a refusal', new AppError('NOT_FOUND', { entity: 'x' }), null],
    ['a plain error', new Error('boom'), null],
    ['a string', 'Connection terminated unexpectedly', null],
    ['nothing', undefined, null],
  ] as const)('%s', (_, err, expected) => {
    expect(databaseFailure(err)).toBe(expected);
  });

  it('stops on a cycle of causes', () => {
    const a: { message: string; cause?: unknown } = { message: 'a' };
    a.cause = { message: 'b', cause: a };
    expect(databaseFailure(a)).toBeNull();
  });
});

describe('unavailableError', () => {
  it('is SERVICE_UNAVAILABLE for an unreachable database, DATABASE_TIMEOUT past the budget, with zh and en texts', () => {
    const down = unavailableError(drizzled(pgError('57P01')))!;
    expect(down.code).toBe('SERVICE_UNAVAILABLE');
    expect(down.texts).toEqual({
      zh: '服务暂不可用，请稍后重试',
      en: 'Service temporarily unavailable, please try again later',
    });
    const slow = unavailableError(drizzled(pgError('57014')))!;
    expect(slow.code).toBe('DATABASE_TIMEOUT');
    expect(slow.texts.zh).toMatch(/超时/);
    expect(slow.texts.en).toMatch(/too long/);
    expect(unavailableError(new Error('boom'))).toBeNull();
  });
});
