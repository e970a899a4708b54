// How soon a second instance agrees with a change made through the first: two app instances on
// one PostgreSQL database (A in this process, B its own process), each change preceded by a
// request on B that makes B keep the token (30 s) and its user (5 s). Half the changes revoke the
// token at A's revocation endpoint, half disable the user through A's GraphQL; the figure is the
// time from A's answer to B's first refusal (polled every 2 ms). Optionally `load` clients keep B
// busy meanwhile with signed-in requests.
//
//   DATABASE_URL=postgres://... npx tsx bench/instances-agree.ts [changes=100] [load=0]
import { pct, startBench } from './booking-lib.ts';

const changes = Number(process.argv[2] ?? 100);
const load = Number(process.argv[3] ?? 0);
if (!process.env.DATABASE_URL) throw new Error('needs DATABASE_URL (two instances share one PostgreSQL)');

const bench = await startBench({ instances: 2 });
const origin = (endpoint: string) => new URL(endpoint).origin;
const [a, b] = [origin(bench.endpoints[0]!), origin(bench.endpoints[1]!)];

async function me(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/bus/graphql/iam`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ me { account } }' }),
  });
  await res.arrayBuffer();
  return res.status;
}

try {
  const users = await bench.makeUsers(changes, `agree${Date.now() % 100_000}_`);
  const [busy] = await bench.makeUsers(1, `agreebusy${Date.now() % 100_000}_`);
  let stop = false;
  let served = 0;
  const loaders = Array.from({ length: load }, async () => {
    while (!stop) {
      await me(b, busy!.token);
      served++;
    }
  });

  const lags: { revoke: number[]; disable: number[] } = { revoke: [], disable: [] };
  const started = Date.now();
  for (const [i, u] of users.entries()) {
    if ((await me(b, u.token)) !== 200) throw new Error('B refused a fresh token');
    const kind = i % 2 === 0 ? 'revoke' : 'disable';
    if (kind === 'revoke') {
      const res = await fetch(`${a}/sso/oauth2/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: u.token, client_id: bench.config.oidcClientId }),
      });
      if (res.status !== 200) throw new Error(`revocation answered ${res.status}`);
    } else {
      const res = await fetch(`${a}/bus/graphql/iam`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bench.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation($m: InputUser!) { updateUser(model: $m) { errcode } }',
          variables: { m: { id: u.id, disabled: true } },
        }),
      });
      const body = (await res.json()) as { data?: { updateUser?: { errcode?: string } } };
      if (body.data?.updateUser?.errcode !== '0') throw new Error(`updateUser: ${JSON.stringify(body)}`);
    }
    const answered = performance.now();
    for (;;) {
      if ((await me(b, u.token)) === 401) break;
      if (performance.now() - answered > 10_000) throw new Error(`B still accepts after 10 s (${kind})`);
      await new Promise((r) => setTimeout(r, 2));
    }
    lags[kind].push(performance.now() - answered);
  }
  stop = true;
  await Promise.all(loaders);

  const line = (name: string, xs: number[]) =>
    `${name.padEnd(8)} n=${xs.length}  p50 ${pct(xs, 50).toFixed(1)} ms  p95 ${pct(xs, 95).toFixed(1)} ms  max ${Math.max(...xs).toFixed(1)} ms`;
  console.log(`changes made through A, time until B refuses (${load} clients keeping B busy)`);
  console.log(line('revoke', lags.revoke));
  console.log(line('disable', lags.disable));
  console.log(line('all', [...lags.revoke, ...lags.disable]));
  if (load)
    console.log(`B served ${served} other requests in ${((Date.now() - started) / 1000).toFixed(1)} s meanwhile`);
} finally {
  await bench.close();
}
