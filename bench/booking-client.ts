// The HTTP load client of the booking benchmarks, run in its own process by booking-lib.ts:
// reads a job file (endpoints, requests, mode), sends the requests (all at once, or through a
// fixed number of connections) and prints each one's latency and answer as JSON.
import { readFileSync } from 'node:fs';

export interface LoadRequest {
  token: string;
  query: string;
  variables: Record<string, unknown>;
}

export interface LoadResult {
  ms: number;
  status: number;
  /** `code` (or `errcode`) of the operation's result; '' when there is none. */
  code: string;
  /** Why, when the result is a refusal. */
  messages?: string;
}

async function send(endpoint: string, r: LoadRequest): Promise<LoadResult> {
  const t0 = performance.now();
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${r.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: r.query, variables: r.variables }),
    });
    const body = (await res.json()) as {
      data?: Record<string, { code?: string; errcode?: string; messages?: string; msg?: string } | null>;
    };
    const result = body.data ? Object.values(body.data)[0] : null;
    const code = result?.code ?? result?.errcode ?? '';
    const ms = performance.now() - t0;
    return code === '0'
      ? { ms, status: res.status, code }
      : { ms, status: res.status, code, messages: result?.messages ?? result?.msg };
  } catch {
    return { ms: performance.now() - t0, status: 0, code: '' };
  }
}

const file = process.argv[2];
if (file) {
  const job = JSON.parse(readFileSync(file, 'utf8')) as {
    endpoints: string[];
    requests: LoadRequest[];
    mode: { burst: true } | { concurrency: number };
  };
  // one request first, so connection set-up and JIT warm-up are not in the figures
  for (const endpoint of job.endpoints) {
    await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(
      () => undefined,
    );
  }
  // request i goes to instance i mod n
  const at = (i: number) => job.endpoints[i % job.endpoints.length]!;
  const start = performance.now();
  let results: LoadResult[];
  if ('burst' in job.mode) {
    results = await Promise.all(job.requests.map((r, i) => send(at(i), r)));
  } else {
    results = new Array<LoadResult>(job.requests.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < job.requests.length; i = next++) results[i] = await send(at(i), job.requests[i]!);
    };
    await Promise.all(Array.from({ length: job.mode.concurrency }, worker));
  }
  process.stdout.write(JSON.stringify({ results, wallMs: performance.now() - start }));
}
