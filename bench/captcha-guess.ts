// Blind guessing against the slider captcha: a script that cannot see the picture fetches a
// challenge (genCaptcha), slides to an x it picks without looking, with a made-up track, and
// checks it (checkCaptcha), over HTTP against a real server (one process, PGlite or PostgreSQL).
//
// Part 1, the judge and the tolerance alone (throttle lifted: CAPTCHA_MAX_* = 0): per kind of
// track, the share of checks that pass. Kinds: a straight constant track, a smooth eased one, a
// scripted "human" one (ease-out, whole px, y drifting with jitter, as scripts for this kind of
// captcha make them), a keyboard-shaped one (Page Up/arrow steps at irregular times), and, as
// the control, a modelled person's drag to the true answer (read from the database: a person
// who sees the picture).
// Part 2, with the throttle as configured by default: a script with one account at one address
// tries `tries` times as fast as it can (the 300 tries in 162 s) with the track kind that
// passes the judge, then 8 accounts at one address do the same; every try counts, refused ones
// as failures. Prints successes per try.
// Usage: [DATABASE_URL=postgres://...] npx tsx bench/captcha-guess.ts [checks of the scripted and keyboard kinds=400] [tries=300]
import { sql } from 'drizzle-orm';
import { withTenant } from '../apps/server/src/db/client.ts';
import { resultRows } from '../apps/server/src/db/json-rows.ts';
import { bookingClock } from '../apps/server/src/platform/clock.ts';
import { SLIDE_TOLERANCE_PX } from '../apps/server/src/modules/captcha/captcha.rules.ts';
import {
  easedTrack,
  keyboardSlide,
  personDrag,
  scriptedTrack,
  slideBody,
  straightTrack,
  type Point,
} from '../apps/server/test/captcha-tracks.ts';
import { startBench, type Bench } from './booking-lib.ts';

const perKind = Number(process.argv[2] ?? 400);
const tries = Number(process.argv[3] ?? 300);
/** Where a blind script slides to: the middle of the picture (the "fixed x"), shown px of 300. */
const FIXED_X = 150;
/** The answers genCaptcha draws from, px of 600 (captcha.image.ts): 120..490. */
const ANSWERS = 490 - 120 + 1;

type Kind = 'straight' | 'eased' | 'scripted' | 'keyboard' | 'person (true x)';
/** Share of `perKind` checks each kind gets: the kinds the judge refuses outright need fewer to show it. */
const share: Record<Kind, number> = { straight: 0.5, eased: 0.5, scripted: 1, keyboard: 1, 'person (true x)': 0.25 };
const tracks: Record<Kind, (x: number) => Point[]> = {
  straight: (x) => straightTrack(x, 500 + Math.round(Math.random() * 800)),
  eased: (x) => easedTrack(x, 500 + Math.round(Math.random() * 800)),
  scripted: (x) => scriptedTrack(x),
  keyboard: (x) => keyboardSlide(Math.round(x / 2) * 2),
  'person (true x)': (x) => personDrag(x),
};

/** Wilson 95 % interval of a share, in %. */
function wilson(k: number, n: number): string {
  if (!n) return '-';
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return `${(100 * Math.max(0, c - h)).toFixed(1)}-${(100 * Math.min(1, c + h)).toFixed(1)}`;
}

async function answerOf(bench: Bench, id: string): Promise<number> {
  const [row] = await withTenant(bench.database.db, bench.tenantId, async (tx) =>
    resultRows(await tx.execute(sql`select answer_x from captcha_challenges where id = ${id.slice(7)}`)),
  );
  return Number(row!.answer_x);
}

/** One try: genCaptcha, then checkCaptcha with `kind`'s track to x (or to the true answer); the outcome. */
async function attempt(
  bench: Bench,
  base: string,
  token: string,
  kind: Kind,
  address: string,
): Promise<'passed' | 'failed' | 'refused'> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': address };
  const gen = await fetch(`${base}/captcha/genCaptcha`, { method: 'POST', headers, body: '{}' });
  if (gen.status === 429) return 'refused';
  if (!gen.ok) throw new Error(`genCaptcha: ${gen.status} ${await gen.text()}`);
  const { id } = (await gen.json()) as { id: string };
  const x = kind === 'person (true x)' ? (await answerOf(bench, id)) / 2 : FIXED_X;
  const check = await fetch(`${base}/captcha/checkCaptcha`, {
    method: 'POST',
    headers,
    body: JSON.stringify(slideBody(id, tracks[kind](x), Date.now())),
  });
  const body = (await check.json()) as { code: number; success: boolean };
  return body.success ? 'passed' : body.code === 429 ? 'refused' : 'failed';
}

async function server(env: Record<string, string>) {
  Object.assign(process.env, env);
  const bench = await startBench();
  // the booking benchmarks pin the clock; the throttle's window must run in real time here
  bookingClock.now = () => Date.now();
  const base = bench.endpoint.replace('/bus/graphql/apps_yy_sys', '/yy-sys');
  return { bench, base };
}

const odds = ((2 * SLIDE_TOLERANCE_PX + 1) / ANSWERS) * 100;
console.log(
  `tolerance ±${SLIDE_TOLERANCE_PX} px of 600: a slide to a fixed x hits ${2 * SLIDE_TOLERANCE_PX + 1} of ${ANSWERS} answers (${odds.toFixed(1)} %)`,
);

// Part 1: the judge and the tolerance, throttle lifted
{
  const { bench, base } = await server({
    CAPTCHA_MAX_FAILURES: '0',
    CAPTCHA_MAX_CHALLENGES: '0',
    CAPTCHA_MAX_FAILURES_PER_ADDRESS: '0',
    CAPTCHA_MAX_CHALLENGES_PER_ADDRESS: '0',
  });
  console.log(`database: ${bench.database.kind}; throttle lifted`);
  const [user] = await bench.makeUsers(1, 'guess_');
  console.log('kind               | passed / checks | share   | 95 % interval');
  for (const kind of Object.keys(tracks) as Kind[]) {
    let passed = 0;
    const n = Math.round(perKind * share[kind]);
    const t0 = performance.now();
    for (let i = 0; i < n; i++)
      if ((await attempt(bench, base, user!.token, kind, '198.51.100.1')) === 'passed') passed++;
    const s = ((performance.now() - t0) / 1000).toFixed(0);
    console.log(
      `${kind.padEnd(18)} | ${String(passed).padStart(6)} / ${String(n).padEnd(6)} | ${((100 * passed) / n).toFixed(1).padStart(5)} % | ${wilson(passed, n)} % (${s} s)`,
    );
  }
  await bench.close();
}

// Part 2: the throttle as configured by default
for (const k in process.env) if (k.startsWith('CAPTCHA_')) delete process.env[k];
{
  const { bench, base } = await server({});
  const c = bench.config.captchaThrottle;
  console.log(
    `\nthrottle: ${c.maxFailures} failures / ${c.maxChallenges} pictures per account, ${c.maxFailuresPerAddress} / ${c.maxChallengesPerAddress} per address, in ${c.windowMinutes} min, then ${c.cooldownMinutes} min cool-down`,
  );
  for (const accounts of [1, 8]) {
    const users = await bench.makeUsers(accounts, `thr${accounts}_`);
    const address = `203.0.113.${accounts}`;
    const counts = { passed: 0, failed: 0, refused: 0 };
    const t0 = performance.now();
    for (let i = 0; i < tries; i++)
      counts[await attempt(bench, base, users[i % accounts]!.token, 'scripted', address)]++;
    const s = ((performance.now() - t0) / 1000).toFixed(0);
    console.log(
      `${accounts} account(s), one address, scripted tracks: ${tries} tries in ${s} s: ${counts.passed} passed, ${counts.failed} judged wrong (4001), ${counts.refused} answered with the cool-down (429, the first of them the failure that started it); ${((100 * counts.passed) / tries).toFixed(2)} % of tries (${wilson(counts.passed, tries)} %)`,
    );
  }
  await bench.close();
}
