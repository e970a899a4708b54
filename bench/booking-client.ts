// The HTTP load client of the booking benchmarks, run in its own process by booking-lib.ts:
// reads a job file (endpoints, requests, mode), sends the requests (all at once, or through a
// fixed number of connections) and prints each one's latency and answer as JSON.
// It sends with node:http over kept-alive connections rather than fetch: the client shares the
// machine with the server and the database, and fetch spent about 1.4 ms of CPU per request
// (node:http about a third of that), CPU the server under test then did not have.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { gunzipSync, inflateSync } from 'node:zlib';

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

const agent = new http.Agent({ keepAlive: true });

/** POSTs a JSON body, accepting a compressed answer as browsers do; the status and the parsed answer. */
function post(
  endpoint: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      endpoint,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'accept-encoding': 'gzip, deflate',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const text = (
              encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw
            ).toString();
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function send(endpoint: string, r: LoadRequest): Promise<LoadResult> {
  const t0 = performance.now();
  try {
    const res = await post(
      endpoint,
      { authorization: `Bearer ${r.token}` },
      JSON.stringify({ query: r.query, variables: r.variables }),
    );
    const body = res.json as {
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
    await post(endpoint, {}, '{}').catch(() => undefined);
  }
  // request i goes to instance i mod n
  const at = (i: number) => job.endpoints[i % job.endpoints.length]!;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
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
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(
    JSON.stringify({ results, wallMs: performance.now() - start, cpuMs: (cpu.user + cpu.system) / 1000 }),
  );
}
