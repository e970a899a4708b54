// The HTTP load client of the booking benchmarks, run in its own process by booking-lib.ts:
// reads a job file (endpoints, requests, mode), sends the requests (all at once, or through a
// fixed number of connections) and prints each one's latency and answer as JSON.
//
// It is measuring equipment sharing the machine's two cores with the server and the database,
// so it is made as lean as wrk or autocannon: every request is serialised to bytes before the
// clock starts, connections are opened (and kept alive) before it too, as a booking page open
// before its slot opens has them, and each answer is read straight off the socket (HTTP/1.1
// with a content-length or chunked body, gzip or deflate accepted as browsers do). fetch spent
// about 1.4 ms of CPU per request and node:http about 0.5; this about a tenth of that.
import net from 'node:net';
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

interface Answer {
  status: number;
  headers: Map<string, string>;
  body: Buffer;
}

/** One kept-alive connection that sends a request and reads its answer, one at a time. */
class Connection {
  private readonly socket: net.Socket;
  private buffered = Buffer.alloc(0);
  private waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      this.tryAnswer();
    });
    const fail = (err: Error) => {
      const w = this.waiting;
      this.waiting = null;
      w?.reject(err);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  static open(endpoint: URL): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(endpoint.port), endpoint.hostname, () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  send(request: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  /** Completes the waiting request once its whole answer has arrived. */
  private tryAnswer(): void {
    const data = this.buffered;
    const headEnd = data.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.waiting) return;
    const lines = data.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = Number(lines[0]!.split(' ')[1]);
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    let body: Buffer;
    let end: number;
    const start = headEnd + 4;
    if (headers.get('transfer-encoding')?.includes('chunked')) {
      const parts: Buffer[] = [];
      let at = start;
      for (;;) {
        const lineEnd = data.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
        if (data.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          end = lineEnd + 4;
          break;
        }
        parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers.get('content-length') ?? 0);
      if (data.length < start + length) return;
      body = data.subarray(start, start + length);
      end = start + length;
    }
    this.buffered = data.subarray(end);
    const w = this.waiting;
    this.waiting = null;
    w.resolve({ status, headers, body });
  }
}

/** A POST of a JSON body as bytes, ready to write. */
function requestBytes(endpoint: URL, headers: Record<string, string>, json: string): Buffer {
  const body = Buffer.from(json);
  const head = [
    `POST ${endpoint.pathname} HTTP/1.1`,
    `host: ${endpoint.host}`,
    'connection: keep-alive',
    'accept-encoding: gzip, deflate',
    'content-type: application/json',
    `content-length: ${body.length}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

function parseJson(answer: Answer): unknown {
  const encoding = answer.headers.get('content-encoding');
  const raw =
    encoding === 'gzip' ? gunzipSync(answer.body) : encoding === 'deflate' ? inflateSync(answer.body) : answer.body;
  return JSON.parse(raw.toString());
}

async function send(connection: Connection, request: Buffer): Promise<LoadResult> {
  const t0 = performance.now();
  try {
    const answer = await connection.send(request);
    const body = parseJson(answer) as {
      data?: Record<string, { code?: string; errcode?: string; messages?: string[]; msg?: string } | null>;
    };
    const result = body.data ? Object.values(body.data)[0] : null;
    const code = result?.code ?? result?.errcode ?? '';
    const ms = performance.now() - t0;
    return code === '0'
      ? { ms, status: answer.status, code }
      : { ms, status: answer.status, code, messages: result?.messages?.join('；') ?? result?.msg };
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
  const endpoints = job.endpoints.map((e) => new URL(e));
  // connection (and, all at once, request) i goes to instance i mod n
  const at = (i: number) => endpoints[i % endpoints.length]!;
  const bytes = job.requests.map((r, i) =>
    requestBytes(
      at(i),
      { authorization: `Bearer ${r.token}` },
      JSON.stringify({ query: r.query, variables: r.variables }),
    ),
  );
  const count = 'burst' in job.mode ? job.requests.length : job.mode.concurrency;
  const connections = await Promise.all(Array.from({ length: count }, (_, i) => Connection.open(at(i))));
  // one request on each connection first (an empty body: refused at once), so neither
  // connection set-up nor the server's first-use compilation is in the figures
  await Promise.all(connections.map((c, i) => c.send(requestBytes(at(i), {}, '{}')).catch(() => undefined)));
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  let results: LoadResult[];
  if ('burst' in job.mode) {
    results = await Promise.all(bytes.map((b, i) => send(connections[i]!, b)));
  } else {
    results = new Array<LoadResult>(job.requests.length);
    let next = 0;
    // the connections are spread over the instances; each takes the next request in turn
    const worker = async (connection: Connection) => {
      for (let i = next++; i < job.requests.length; i = next++) results[i] = await send(connection, bytes[i]!);
    };
    await Promise.all(connections.map(worker));
  }
  const cpu = process.cpuUsage(cpu0);
  for (const c of connections) c.close();
  process.stdout.write(
    JSON.stringify({ results, wallMs: performance.now() - start, cpuMs: (cpu.user + cpu.system) / 1000 }),
  );
}
