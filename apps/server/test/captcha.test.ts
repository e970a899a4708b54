import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { formatDateTime, instantOf } from '@yuyue/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, withTenant } from '../src/db/client.ts';
import { assertSubmitAllowed } from '../src/modules/captcha/captcha.guard.ts';
import { encryptCaptchaCode } from '../src/modules/captcha/captcha.rules.ts';
import { submitRecordsWritten } from '../src/modules/captcha/captcha.service.ts';
import { captchaChallenges, captchaSubmitBlocks } from '../src/modules/captcha/captcha.tables.ts';
import { findUserByAccount, insertUser } from '../src/modules/directory/directory.repository.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import type { RequestContext } from '../src/platform/context.ts';
import { AppError } from '../src/platform/errors.ts';
import { personDrag, seeded, slideBody, straightTrack } from './captcha-tracks.ts';
import { createTestApp, testDatabaseUrl, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const ZONE = 'Asia/Shanghai';
const NOW = instantOf({ year: 2030, month: 1, day: 1 }, { hour: 12, minute: 0 }, ZONE);

let t: TestApp;
let student: string;
let admin: string;
/** Each test starts an hour after the one before: the throttle's counts of one test are out of the next one's window. */
let start = NOW;
let clock = NOW;

interface Gen {
  id: string;
  captcha: {
    type: string;
    backgroundImage: string;
    templateImage: string;
    backgroundImageWidth: number;
    backgroundImageHeight: number;
    templateImageWidth: number;
    templateImageHeight: number;
  };
}

async function gen(token: string, method: 'GET' | 'POST' = 'GET', base = '/yy-sys'): Promise<Gen> {
  const res = await t.app.inject({
    method,
    url: `${base}/captcha/genCaptcha?token=${token}`,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: '' } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function check(token: string, body: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/yy-sys/captcha/checkCaptcha?token=${token}`,
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json() };
}

/** The stored answer of a challenge (where the piece belongs on the 600 px background). */
async function answerOf(wireId: string): Promise<number> {
  const id = wireId.replace(/^SLIDER_/, '');
  const [row] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
    tx.select().from(captchaChallenges).where(eq(captchaChallenges.id, id)),
  );
  return row!.answer_x;
}

const tracks = seeded(2030);

/** A person's slide (modelled) on the 300 px wide picture the original's web app shows, ending at `x600 / 2`. */
function slide(id: string, x600: number) {
  return slideBody(id, personDrag(x600 / 2, tracks), clock);
}

/** genCaptcha + a right slide: the credential a booking submit carries. */
async function credential(token: string): Promise<{ captchaId: string; captchaCode: string }> {
  const g = await gen(token);
  const r = await check(token, slide(g.id, await answerOf(g.id)));
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200, success: true });
  return r.body.data;
}

async function ctxFor(account: string): Promise<RequestContext> {
  const tenantId = t.demoTenantId;
  const user = await withTenant(t.database.db, tenantId, (tx) => findUserByAccount(tx, tenantId, account));
  return {
    config: t.config,
    db: t.database.db,
    log: t.app.log,
    ip: '127.0.0.1',
    tenant: { id: tenantId, key: 'demo', timeZone: ZONE, isSuper: true },
    user: { id: user!.id, account: user!.account, name: user!.name, role: 'user', tenantId },
  } as RequestContext;
}

const CAPTCHA = { open_captcha_verify: '1', open_frequency_verify: '0' };
/** Accounts the throttle tests fail checks with. */
const GUESSERS = Array.from({ length: 9 }, (_, i) => `guess${i + 1}`);
const FREQUENCY = { open_captcha_verify: '0', open_frequency_verify: '1' };

/**
 * A submit's transaction as the booking engine runs it: the guard first, then the business
 * rules (`refuseAfter`: they refuse, so the transaction rolls back).
 */
async function submit(
  ctx: RequestContext,
  rules: Record<string, string>,
  captcha: { captchaId?: string | null; captchaCode?: string | null } = {},
  refuseAfter = false,
): Promise<string> {
  try {
    await withTenant(ctx.db, ctx.tenant!.id, async (tx) => {
      await assertSubmitAllowed(tx, ctx, ctx.tenant!, ctx.user!, rules, captcha);
      if (refuseAfter) throw new AppError('BOOKING_SLOT_TAKEN', { start: '09:00', end: '10:00' });
    });
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return err.code === 'BOOKING_SLOT_TAKEN' ? 'ok, then refused by the booking rules' : err.texts.zh;
  } finally {
    await submitRecordsWritten();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  student = await t.tokenFor('student');
  admin = await t.tokenFor('admin');
  await withTenant(t.database.db, t.demoTenantId, async (tx) => {
    for (const account of ['freq1', 'freq2', 'freq3', 'freq4', 'capuser', ...GUESSERS])
      await insertUser(tx, t.demoTenantId, { account, name: `用户 ${account}` });
  });
}, 60_000);
beforeEach(() => {
  start += 3_600_000;
  clock = start;
  bookingClock.now = () => clock;
});
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});

describe('genCaptcha', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/yy-sys/captcha/genCaptcha' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ msg: '未授权，请重新登录' });
    const bad = await t.app.inject({ method: 'GET', url: '/yy-sys/captcha/genCaptcha?token=nope' });
    expect(bad.statusCode).toBe(401);
  });

  it('answers the contract shape with a JPEG background and a PNG piece with alpha (GET and POST)', async () => {
    for (const g of [await gen(student), await gen(student, 'POST'), await gen(student, 'GET', '')]) {
      expect(g.id).toMatch(/^SLIDER_[0-9a-f]{32}$/);
      expect(g.captcha).toMatchObject({ type: 'SLIDER', backgroundImageWidth: 600, backgroundImageHeight: 360 });
      expect(g.captcha.backgroundImage).toMatch(/^data:image\/jpeg;base64,/);
      expect(g.captcha.templateImage).toMatch(/^data:image\/png;base64,/);
      const bg = await sharp(Buffer.from(g.captcha.backgroundImage.split(',')[1]!, 'base64')).metadata();
      expect(bg).toMatchObject({ format: 'jpeg', width: 600, height: 360 });
      const piece = await sharp(Buffer.from(g.captcha.templateImage.split(',')[1]!, 'base64')).metadata();
      expect(piece).toMatchObject({
        format: 'png',
        width: g.captcha.templateImageWidth,
        height: g.captcha.templateImageHeight,
        hasAlpha: true,
      });
    }
  });

  it('is a real puzzle: the piece matches the darkened hole at the stored answer, and nowhere else', async () => {
    const g = await gen(student);
    const bg = await sharp(Buffer.from(g.captcha.backgroundImage.split(',')[1]!, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const piece = await sharp(Buffer.from(g.captcha.templateImage.split(',')[1]!, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const tw = piece.info.width;
    const opaque = (x: number, y: number) => piece.data[(y * tw + x) * 4 + 3] === 255;
    // the piece's inside, away from its rim: the picture's own pixels under a light veil
    const inside: [number, number][] = [];
    for (let y = 3; y < piece.info.height - 3; y++)
      for (let x = 3; x < tw - 3; x++)
        if (opaque(x, y) && opaque(x - 3, y) && opaque(x + 3, y) && opaque(x, y - 3) && opaque(x, y + 3))
          inside.push([x, y]);
    expect(inside.length).toBeGreaterThan(2000);
    // the hole is the same pixels, darkened: find where the background fits the piece best
    const misfit = (left: number) => {
      let sum = 0;
      for (const [px, py] of inside)
        for (let c = 0; c < 3; c++) {
          const original = (piece.data[(py * tw + px) * 4 + c]! - 0.12 * 255) / 0.88;
          sum += Math.abs(bg.data[(py * 600 + left + px) * 3 + c]! - original / 2);
        }
      return sum / inside.length / 3;
    };
    const scores = Array.from({ length: 600 - tw + 1 }, (_, x) => misfit(x));
    const best = scores.indexOf(Math.min(...scores));
    expect(Math.abs(best - (await answerOf(g.id)))).toBeLessThanOrEqual(1);
    expect(scores[best]).toBeLessThan(5);
  });
});

describe('checkCaptcha', () => {
  it('a right slide returns a credential: captchaId (32 hex, no prefix) and a dashed UUID code', async () => {
    const g = await gen(student);
    const r = await check(student, slide(g.id, await answerOf(g.id)));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, success: true });
    expect(r.body.data.captchaId).toBe(g.id.slice('SLIDER_'.length));
    expect(r.body.data.captchaCode).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('a wrong slide answers 4001, and the challenge is spent', async () => {
    const g = await gen(student);
    const answer = await answerOf(g.id);
    const r = await check(student, slide(g.id, answer > 300 ? answer - 100 : answer + 100));
    expect(r.body).toMatchObject({ code: 4001, success: false, msg: '验证失败，请重新滑动', data: null });
    const again = await check(student, slide(g.id, answer));
    expect(again.body).toMatchObject({ code: 4000, success: false, msg: '验证码已失效，请刷新后重试' });
  });

  it('refuses another user, an expired challenge and an unreadable body', async () => {
    const g = await gen(student);
    const answer = await answerOf(g.id);
    expect((await check(admin, slide(g.id, answer))).body).toMatchObject({ code: 4000, success: false });
    clock = start + 2 * 60_000 + 1;
    expect((await check(student, slide(g.id, answer))).body).toMatchObject({ code: 4000 });
    clock = start;
    expect((await check(student, { id: 'SLIDER_zz', data: {} })).body).toMatchObject({
      code: 400,
      success: false,
      msg: '验证码参数错误：id must be SLIDER_<32 hex>',
    });
    const g2 = await gen(student);
    expect((await check(student, { id: g2.id, data: { bgImageWidth: 300, bgImageHeight: 180 } })).body).toMatchObject({
      code: 400,
      msg_en: 'Invalid captcha check: trackList is empty',
    });
    // the unreadable check did not spend the challenge
    expect((await check(student, slide(g2.id, await answerOf(g2.id)))).body).toMatchObject({ code: 200 });
  });
});

describe('assertSubmitAllowed: captcha', () => {
  it('refuses a submit without a credential, and with a wrong one', async () => {
    const ctx = await ctxFor('capuser');
    expect(await submit(ctx, CAPTCHA, { captchaId: '', captchaCode: '' })).toBe('该资源预约需要先完成滑块验证');
    expect(await submit(ctx, CAPTCHA, {})).toBe('该资源预约需要先完成滑块验证');
    expect(await submit(ctx, CAPTCHA, { captchaId: 'x', captchaCode: 'y' })).toBe('验证码无效，请重新完成滑块验证');
    const cred = await credential(await t.tokenFor('capuser'));
    const otherCode = encryptCaptchaCode('3ed524c3-11b8-4746-8527-d6ec2fc94283', cred.captchaId);
    expect(await submit(ctx, CAPTCHA, { captchaId: cred.captchaId, captchaCode: otherCode })).toBe(
      '验证码无效，请重新完成滑块验证',
    );
    // still usable with the right code
    const code = encryptCaptchaCode(cred.captchaCode, cred.captchaId);
    expect(await submit(ctx, CAPTCHA, { captchaId: cred.captchaId, captchaCode: code })).toBe('ok');
  });

  it('accepts the AES-encrypted code once; a reuse is refused with 验证码不能重复使用', async () => {
    const ctx = await ctxFor('student');
    const cred = await credential(student);
    const code = encryptCaptchaCode(cred.captchaCode, cred.captchaId);
    expect(await submit(ctx, CAPTCHA, { captchaId: cred.captchaId, captchaCode: code })).toBe('ok');
    expect(await submit(ctx, CAPTCHA, { captchaId: cred.captchaId, captchaCode: code })).toBe('验证码不能重复使用');
    expect(await submit(ctx, CAPTCHA, { captchaId: cred.captchaId, captchaCode: cred.captchaCode })).toBe(
      '验证码不能重复使用',
    );
  });

  it('a credential stays spent when the booking rules refuse the submit after it', async () => {
    const ctx = await ctxFor('student');
    const cred = await credential(student);
    expect(await submit(ctx, CAPTCHA, cred, true)).toBe('ok, then refused by the booking rules');
    expect(await submit(ctx, CAPTCHA, cred)).toBe('验证码不能重复使用');
  });

  it("refuses another user's credential, one from a wrong slide and an expired one", async () => {
    const cred = await credential(student);
    expect(await submit(await ctxFor('capuser'), CAPTCHA, cred)).toBe('验证码无效，请重新完成滑块验证');
    const g = await gen(student);
    await check(student, slide(g.id, 0));
    const ctx = await ctxFor('student');
    expect(
      await submit(ctx, CAPTCHA, { captchaId: g.id.slice(7), captchaCode: '3ed524c3-11b8-4746-8527-d6ec2fc94283' }),
    ).toBe('验证码无效，请重新完成滑块验证');
    clock = start + 5 * 60_000 + 1;
    expect(await submit(ctx, CAPTCHA, cred)).toBe('验证码已过期，请重新完成滑块验证');
  });

  it('does nothing for resources without the captcha or frequency rule', async () => {
    const ctx = await ctxFor('student');
    for (let i = 0; i < 5; i++) expect(await submit(ctx, { open_captcha_verify: '0' })).toBe('ok');
  });
});

describe('assertSubmitAllowed: frequency', () => {
  it('refuses the 3rd rapid submit with 频繁调用接口，禁用3分钟 and blocks the account for 180 s', async () => {
    const ctx = await ctxFor('freq1');
    expect(await submit(ctx, FREQUENCY)).toBe('ok');
    clock += 1_000;
    expect(await submit(ctx, FREQUENCY)).toBe('ok');
    clock += 1_000;
    const blockedAt = clock;
    expect(await submit(ctx, FREQUENCY)).toBe('频繁调用接口，禁用3分钟');
    // still blocked after the window has passed, until 180 s after the refused submit
    clock = blockedAt + 60_000;
    expect(await submit(ctx, FREQUENCY)).toBe('频繁调用接口，禁用3分钟');
    clock = blockedAt + 179_999;
    expect(await submit(ctx, FREQUENCY)).toBe('频繁调用接口，禁用3分钟');
    clock = blockedAt + 180_000;
    expect(await submit(ctx, FREQUENCY)).toBe('ok');
    // the block is in the database, and in the operate log
    const blocks = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select().from(captchaSubmitBlocks).where(eq(captchaSubmitBlocks.account, 'freq1')),
    );
    expect(blocks.map((b) => b.blocked_until.getTime())).toEqual([blockedAt + 180_000]);
    const logs = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select().from(operateLogs).where(eq(operateLogs.operate_type, 'frequencyBlock')),
    );
    expect(logs.filter((l) => l.operate_object === 'freq1')).toHaveLength(1);
  });

  it('counts submits the booking rules refused', async () => {
    const ctx = await ctxFor('freq2');
    expect(await submit(ctx, FREQUENCY, {}, true)).toBe('ok, then refused by the booking rules');
    expect(await submit(ctx, FREQUENCY, {}, true)).toBe('ok, then refused by the booking rules');
    expect(await submit(ctx, FREQUENCY)).toBe('频繁调用接口，禁用3分钟');
  });

  it('submits more than 10 s apart are not rapid; accounts are counted apart', async () => {
    const ctx = await ctxFor('freq3');
    const other = await ctxFor('freq4');
    for (let i = 0; i < 5; i++) {
      expect(await submit(ctx, FREQUENCY)).toBe('ok');
      expect(await submit(other, FREQUENCY)).toBe('ok');
      clock += 5_001;
    }
  });

  it('is checked before the captcha, and a blocked account does not spend its credential', async () => {
    const ctx = await ctxFor('capuser');
    const token = await t.tokenFor('capuser');
    const both = { open_captcha_verify: '1', open_frequency_verify: '1' };
    clock += 3_600_000;
    expect(await submit(ctx, both, await credential(token))).toBe('ok');
    expect(await submit(ctx, both, {})).toBe('该资源预约需要先完成滑块验证');
    const cred = await credential(token);
    expect(await submit(ctx, both, cred)).toBe('频繁调用接口，禁用3分钟');
    clock += 180_000;
    expect(await submit(ctx, both, cred)).toBe('ok');
  });
});

describe('on PostgreSQL', () => {
  it.runIf(!!testDatabaseUrl)('concurrent rapid submits of one account: at most two pass', async () => {
    const ctx = await ctxFor('freq2');
    clock += 3_600_000;
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(ctx, FREQUENCY)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(2);
    expect(results.filter((r) => r === '频繁调用接口，禁用3分钟')).toHaveLength(4);
  });

  it.runIf(!!testDatabaseUrl)('two app instances on one database agree on credentials and blocks', async () => {
    const url = (t.database as { url?: string }).url!;
    const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 3 });
    const second = await buildApp({ config: t.config, database });
    try {
      clock += 3_600_000;
      // generated and checked on the second instance, spent through the first, refused again on the second
      const gen = await second.inject({ method: 'GET', url: `/yy-sys/captcha/genCaptcha?token=${student}` });
      const id = gen.json().id as string;
      const checked = await second.inject({
        method: 'POST',
        url: `/yy-sys/captcha/checkCaptcha?token=${student}`,
        payload: slide(id, await answerOf(id)),
      });
      const cred = checked.json().data as { captchaId: string; captchaCode: string };
      const onFirst = await ctxFor('student');
      const onSecond = { ...onFirst, db: database.db };
      expect(await submit(onFirst, CAPTCHA, cred)).toBe('ok');
      expect(await submit(onSecond, CAPTCHA, cred)).toBe('验证码不能重复使用');
      // rapid submits spread over both instances
      const freq = await ctxFor('freq4');
      expect(await submit(freq, FREQUENCY)).toBe('ok');
      expect(await submit({ ...freq, db: database.db }, FREQUENCY)).toBe('ok');
      expect(await submit(freq, FREQUENCY)).toBe('频繁调用接口，禁用3分钟');
      expect(await submit({ ...freq, db: database.db }, FREQUENCY)).toBe('频繁调用接口，禁用3分钟');
    } finally {
      await second.close();
      await database.close();
    }
  });
});

/** genCaptcha and checkCaptcha from a client address (`remoteAddress`), with the raw answer. */
async function genAt(token: string, address: string) {
  return t.app.inject({
    method: 'POST',
    url: `/yy-sys/captcha/genCaptcha?token=${token}`,
    remoteAddress: address,
  });
}
async function checkAt(token: string, address: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/yy-sys/captcha/checkCaptcha?token=${token}`,
    remoteAddress: address,
    payload: body as object,
  });
}

/** A challenge, slid by a person 50 px (of 600) off the gap: a failed check; its answer. */
async function failOnce(token: string, address: string) {
  const g = await genAt(token, address);
  expect(g.statusCode, g.body).toBe(200);
  const id = g.json().id as string;
  const answer = await answerOf(id);
  const res = await checkAt(token, address, slide(id, answer > 300 ? answer - 50 : answer + 50));
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
}

/** The cool-down message for a cool-down ending at `until`, as the catalogue words it. */
function coolingTexts(until: number) {
  const minutes = Math.ceil((until - clock) / 60_000);
  const time = formatDateTime(until, ZONE).slice(11, 16);
  return {
    msg: `滑块验证尝试次数过多，请于${time}后再试（约${minutes}分钟）`,
    msg_en: `Too many captcha attempts; try again after ${time} (in about ${minutes} min)`,
  };
}

describe("the slide must be a person's", () => {
  it("a straight constant track to the right place is refused; a person's drag there passes", async () => {
    const g = await gen(student);
    const answer = await answerOf(g.id);
    const r = await check(student, slideBody(g.id, straightTrack(answer / 2), clock));
    expect(r.body).toMatchObject({ code: 4001, success: false, msg: '验证失败，请重新滑动' });
    const g2 = await gen(student);
    expect((await check(student, slide(g2.id, await answerOf(g2.id)))).body).toMatchObject({ code: 200 });
  });

  it('the tolerance is 8 px of the 600 px picture: 4 px off on a 300 px picture passes, 5 px does not', async () => {
    const g = await gen(student);
    expect((await check(student, slide(g.id, (await answerOf(g.id)) + 8))).body).toMatchObject({ code: 200 });
    const g2 = await gen(student);
    expect((await check(student, slide(g2.id, (await answerOf(g2.id)) - 10))).body).toMatchObject({ code: 4001 });
  });
});

describe('throttle', () => {
  it('the 10th failed check of an account starts a cool-down that names when to try again', async () => {
    const token = await t.tokenFor('guess1');
    for (let i = 1; i <= 9; i++) {
      expect((await failOnce(token, '198.51.100.1')).body, `failure ${i}`).toMatchObject({ code: 4001 });
      clock += 10_000;
    }
    const tenth = await failOnce(token, '198.51.100.1');
    const until = clock + 10 * 60_000;
    expect(tenth.status).toBe(200);
    expect(tenth.body).toMatchObject({ code: 429, success: false, data: null, ...coolingTexts(until) });
    expect(tenth.retryAfter).toBe('600');
    // from another address too: the account cools down, not just the address
    clock += 60_000;
    const refused = await genAt(token, '198.51.100.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('540');
    expect(refused.json()).toEqual({ errcode: '429', ...coolingTexts(until) });
    // the cool-down ends on time
    clock = until - 1;
    expect((await genAt(token, '198.51.100.1')).statusCode).toBe(429);
    clock = until;
    expect((await failOnce(token, '198.51.100.1')).body).toMatchObject({ code: 4001 });
    // the cool-down is in the operate log, with the address it came from
    const logs = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select().from(operateLogs).where(eq(operateLogs.operate_type, 'captchaCooldown')),
    );
    expect(logs.filter((l) => l.operate_object === 'guess1')).toMatchObject([
      { operate_module: 'appointment', id_address: '198.51.100.1' },
    ]);
  });

  it('a second cool-down within a day lasts twice as long; a day later the first length again', async () => {
    const token = await t.tokenFor('guess9');
    const tenFailures = async () => {
      for (let i = 0; i < 9; i++) expect((await failOnce(token, '198.51.100.9')).body).toMatchObject({ code: 4001 });
      return (await failOnce(token, '198.51.100.9')).body;
    };
    expect(await tenFailures()).toMatchObject({ code: 429, ...coolingTexts(clock + 10 * 60_000) });
    clock += 10 * 60_000;
    expect(await tenFailures()).toMatchObject({ code: 429, ...coolingTexts(clock + 20 * 60_000) });
    clock += 24 * 60 * 60_000 + 60_000;
    expect(await tenFailures()).toMatchObject({ code: 429, ...coolingTexts(clock + 10 * 60_000) });
  }, 90_000);

  it('a check during a cool-down is refused without being judged, and its challenge is not spent', async () => {
    const token = await t.tokenFor('guess2');
    const g = await genAt(token, '198.51.100.3');
    const id = g.json().id as string;
    for (let i = 0; i < 10; i++) await failOnce(token, '198.51.100.3');
    const right = await checkAt(token, '198.51.100.3', slide(id, await answerOf(id)));
    expect(right.json()).toMatchObject({ code: 429, success: false, data: null });
    const [row] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .select()
        .from(captchaChallenges)
        .where(eq(captchaChallenges.id, id.slice(7))),
    );
    expect(row!.checked_at).toBeNull();
  });

  it('failures older than the window do not count (fake clock)', async () => {
    const token = await t.tokenFor('guess3');
    for (let i = 0; i < 9; i++) expect((await failOnce(token, '198.51.100.4')).body).toMatchObject({ code: 4001 });
    clock += 10 * 60_000 + 1;
    for (let i = 0; i < 9; i++) expect((await failOnce(token, '198.51.100.4')).body).toMatchObject({ code: 4001 });
    expect((await failOnce(token, '198.51.100.4')).body).toMatchObject({ code: 429 });
  });

  it('right slides do not count; the 31st challenge of an account in the window is refused', async () => {
    const token = await t.tokenFor('guess4');
    for (let i = 0; i < 30; i++) {
      const g = await genAt(token, '198.51.100.5');
      expect(g.statusCode, `challenge ${i + 1}`).toBe(200);
      if (i % 3 === 0) {
        const id = g.json().id as string;
        expect((await checkAt(token, '198.51.100.5', slide(id, await answerOf(id)))).json()).toMatchObject({
          code: 200,
        });
      }
    }
    const refused = await genAt(token, '198.51.100.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject(coolingTexts(clock + 10 * 60_000));
  }, 90_000);

  it('an address cools down at its 50th failure, for the accounts that failed there, not for others', async () => {
    const address = '2001:db8:7:7::1';
    const tokens = await Promise.all(GUESSERS.slice(0, 6).map((a) => t.tokenFor(a)));
    const answers: number[] = [];
    for (let n = 0; n < 49; n++) {
      const r = await failOnce(tokens[n % 6]!, `2001:db8:7:7::${n + 1}`); // one /64: one address
      answers.push(r.body.code);
    }
    expect(answers.every((c) => c === 4001)).toBe(true);
    const fiftieth = await failOnce(tokens[49 % 6]!, address);
    expect(fiftieth.body).toMatchObject({ code: 429, ...coolingTexts(clock + 10 * 60_000) });
    // every account that failed there is held, even with fewer than 10 failures of its own
    expect((await genAt(tokens[0]!, address)).statusCode).toBe(429);
    // a neighbour behind the same address who has not failed still gets a picture and can slide
    const neighbour = await t.tokenFor(GUESSERS[6]!);
    const g = await genAt(neighbour, address);
    expect(g.statusCode).toBe(200);
    const id = g.json().id as string;
    expect((await checkAt(neighbour, address, slide(id, await answerOf(id)))).json()).toMatchObject({ code: 200 });
    // ...but one failure there and the address's cool-down holds for them too
    expect((await failOnce(neighbour, address)).body).toMatchObject({ code: 429 });
    // elsewhere the accounts are held only by their own counts (9 failures each: not yet)
    expect((await genAt(tokens[0]!, '2001:db8:8::1')).statusCode).toBe(200);
  }, 90_000);
});

describe('throttle on PostgreSQL', () => {
  it.runIf(!!testDatabaseUrl)('two app instances share the counts: failures on either add up', async () => {
    const url = (t.database as { url?: string }).url!;
    const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 3 });
    const second = await buildApp({ config: t.config, database });
    try {
      const token = await t.tokenFor('guess7');
      const address = '192.0.2.77';
      for (let i = 0; i < 9; i++) {
        const app = i % 2 ? second : t.app;
        const g = await app.inject({
          method: 'POST',
          url: `/yy-sys/captcha/genCaptcha?token=${token}`,
          remoteAddress: address,
        });
        const id = g.json().id as string;
        const r = await app.inject({
          method: 'POST',
          url: `/yy-sys/captcha/checkCaptcha?token=${token}`,
          remoteAddress: address,
          payload: slide(id, (await answerOf(id)) + 60),
        });
        expect(r.json()).toMatchObject({ code: 4001 });
      }
      // the 10th, on the second instance, starts the cool-down; the first refuses the next picture
      const g = await second.inject({
        method: 'POST',
        url: `/yy-sys/captcha/genCaptcha?token=${token}`,
        remoteAddress: address,
      });
      const id = g.json().id as string;
      const tenth = await second.inject({
        method: 'POST',
        url: `/yy-sys/captcha/checkCaptcha?token=${token}`,
        remoteAddress: address,
        payload: slide(id, (await answerOf(id)) + 60),
      });
      expect(tenth.json()).toMatchObject({ code: 429 });
      expect((await genAt(token, address)).statusCode).toBe(429);
    } finally {
      await second.close();
      await database.close();
    }
  });

  it.runIf(!!testDatabaseUrl)(
    'racing wrong checks: exactly 10 are judged, the rest wait out the cool-down',
    async () => {
      const token = await t.tokenFor('guess8');
      const address = '192.0.2.88';
      const bodies = [];
      for (let i = 0; i < 14; i++) {
        const id = (await genAt(token, address)).json().id as string;
        bodies.push(slide(id, (await answerOf(id)) + 60));
      }
      const answers = await Promise.all(bodies.map(async (b) => (await checkAt(token, address, b)).json().code));
      expect(answers.filter((c) => c === 4001)).toHaveLength(9);
      expect(answers.filter((c) => c === 429)).toHaveLength(5);
      // the four refused unjudged were not spent
      const checked = await withTenant(t.database.db, t.demoTenantId, (tx) =>
        tx.select().from(captchaChallenges).where(eq(captchaChallenges.account, 'guess8')),
      );
      expect(checked.filter((c) => c.checked_at !== null)).toHaveLength(10);
    },
  );
});
