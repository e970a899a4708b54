import { describe, expect, it } from 'vitest';
import { faultForLog, nulPath } from './validation.ts';

describe('nulPath', () => {
  it.each<[unknown, string | null]>([
    [{ a: 'ok', b: ['fine', 'x\u0000y'] }, 'body.b[1]'],
    [{ model: { remark: '\u0000' } }, 'body.model.remark'],
    [{ ['k\u0000']: 1 }, 'body.k\\u0000'],
    [{ a: 'ok', n: 1, t: true, z: null }, null],
    ['\u0000', 'body'],
    [undefined, null],
  ])('%j -> %s', (value, expected) => expect(nulPath(value, 'body')).toBe(expected));

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPath(deep, 'body')).toMatch(/^body\[0\]\[0\]/);
  });
});

describe('faultForLog', () => {
  it("keeps the statement and the driver's message, never the parameters", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    // Drizzle's wrapper: the values follow the statement in its message, one of them over two lines.
    const err = Object.assign(
      new Error('Failed query: select * from users where account = $1\nparams: secret-account\n    at evil (x.js:1:1)'),
      { query: 'select * from users where account = $1', params: ['secret-account\n    at evil (x.js:1:1)'], cause },
    );
    const logged = faultForLog(err);
    expect(logged).toMatchObject({
      code: '22021',
      message: 'invalid byte sequence for encoding "UTF8": 0x00',
      query: 'select * from users where account = $1',
    });
    expect(JSON.stringify(logged)).not.toContain('secret-account');
    expect(JSON.stringify(logged)).not.toContain('evil');
    expect(String(logged.stack)).toMatch(/at .*validation\.test\.ts/);
  });

  it("drops Drizzle's own message when there is no driver error under it", () => {
    const err = Object.assign(new Error('Failed query: insert into t values ($1)\nparams: 13800000000'), {
      query: 'insert into t values ($1)',
    });
    expect(faultForLog(err).message).toBe('Failed query');
    expect(JSON.stringify(faultForLog(err))).not.toContain('13800000000');
  });
});
