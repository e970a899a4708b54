import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOidcClients, type OidcClient } from './platform/auth/oidc-clients.ts';

/** Root of the repository: `./data` and the built web app are resolved against it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Limits that hold for one GraphQL request as a whole (a batch counts as one request). */
export interface GraphqlLimits {
  /** Deepest document accepted. GRAPHQL_MAX_DEPTH, default 12. */
  maxDepth: number;
  /** Most aliases in one document. GRAPHQL_MAX_ALIASES, default 30. */
  maxAliases: number;
  /**
   * Largest estimated cost of a request, summed over a batch's documents (lists count by their
   * `first`, variables included, clamped to the operation's page limit). GRAPHQL_MAX_COST,
   * default 400000: the contract's resource document with every child list at its largest
   * page (500) is ~376000, the web app's resource search of 500 ~38000; the hostile batch of
   * the abuse issue (10 x 30 aliases of 200 resources) ~663000.
   */
  maxCost: number;
  /** Most documents in one batched request. GRAPHQL_MAX_BATCH, default 10. */
  maxBatch: number;
  /** Largest answer of a request, bytes of JSON; a larger one is refused. GRAPHQL_MAX_ANSWER_BYTES, default 10 MiB. */
  maxAnswerBytes: number;
  /**
   * Operations (aliases, batch documents) of one signed-in user that run at once on an endpoint,
   * over all of that user's requests; an anonymous request gets as many of its own.
   * GRAPHQL_CALLER_CONCURRENCY, default 1 (with 2, an admitted heavy batch made another user's
   * p99 366 ms instead of 82: docs/benchmarks.md).
   */
  callerConcurrency: number;
}

/** Every setting of the server. Each one comes from an environment variable (README lists them). */
export interface Config {
  /** `production` turns off GraphQL introspection and detailed errors. NODE_ENV. */
  env: 'development' | 'production' | 'test';
  /** HTTP port. PORT, default 3000. */
  port: number;
  /** Interface to listen on. HOST, default 0.0.0.0. */
  host: string;
  /** Where the web app is served. BASE_PATH, default /yy-sys. */
  basePath: string;
  /**
   * Public origin clients reach the server at (used as the OIDC issuer origin and in links).
   * PUBLIC_URL, default http://localhost:PORT.
   */
  publicUrl: string;
  /** PostgreSQL server; empty means the embedded PGlite database. DATABASE_URL. */
  databaseUrl: string;
  /** Most connections to PostgreSQL this process opens. DATABASE_POOL_SIZE, default 20. */
  databasePoolSize: number;
  /**
   * Time budget of one database statement, ms: PostgreSQL cancels a statement that runs longer
   * (the request gets DATABASE_TIMEOUT, HTTP 503) and the driver gives up on an answer that
   * does not come within it plus the connect timeout. 0 turns it off. Migrations at start are
   * not bound by it. DATABASE_STATEMENT_TIMEOUT_MS, default 5000.
   */
  databaseStatementTimeoutMs: number;
  /**
   * How long a request waits for a database connection (a new one, or a free one of the pool)
   * before it is answered SERVICE_UNAVAILABLE (HTTP 503), ms. DATABASE_CONNECT_TIMEOUT_MS, default 5000.
   */
  databaseConnectTimeoutMs: number;
  /** Embedded database and uploads live here. DATA_DIR, default ./data. */
  dataDir: string;
  /** Tenants' default time zone for dates on the wire. TZ_DEFAULT, default Asia/Shanghai. */
  timeZone: string;
  /** External OpenID provider; empty means the built-in one at /sso. OIDC_ISSUER. */
  oidcIssuer: string;
  /** Audience (client id) expected in an external provider's tokens. OIDC_AUDIENCE. */
  oidcAudience: string;
  /** Further origins sign-in may redirect back to (comma separated). OIDC_REDIRECT_ORIGINS. */
  oidcRedirectOrigins: string[];
  /** Client id of our own web app at the built-in provider: the first of OIDC_CLIENT_ID. */
  oidcClientId: string;
  /**
   * Every client of the built-in provider: OIDC_CLIENT_ID, comma separated, each `id` or
   * `id=origin|origin` (the origins its pages are served from), default yy-sys. Existing clients
   * keep the ids they hard-code.
   */
  oidcClients: OidcClient[];
  /**
   * Secret that signs the built-in provider's cookies. OIDC_COOKIE_SECRET; when unset, a random
   * one is made on first start and kept in the database, shared by every instance.
   */
  cookieSecret: string;
  /**
   * The key that encrypts visitors' ID card and phone numbers at rest (AES-256-GCM) and keys
   * their lookup hashes: 32 bytes, base64 or hex. VISITOR_DATA_KEY; when unset, one is made on
   * first start and kept in DATA_DIR/visitor-data.key (mode 0600), never in the database. Every
   * instance of a deployment must use the same key: set it when running more than one. Losing
   * it makes the stored numbers unreadable.
   */
  visitorDataKey: string;
  /**
   * Sign-in throttling (no account is ever locked; see platform/auth/login-throttle.ts):
   * LOGIN_MAX_FAILURES (5) wrong passwords for an account from one address, after which each
   * further attempt from there waits twice as long, up to LOGIN_MAX_WAIT_MINUTES (15); from
   * every address together, LOGIN_ACCOUNT_MAX_FAILURES (20), after which addresses the account
   * has not signed in from lately wait up to LOGIN_ACCOUNT_MAX_WAIT_SECONDS (60); and from one
   * address across accounts, LOGIN_ADDRESS_MAX_FAILURES (20) per LOGIN_ADDRESS_WINDOW_MINUTES
   * (10). LOGIN_MAX_FAILURES or LOGIN_ADDRESS_MAX_FAILURES 0 turns that part off.
   */
  loginThrottle: {
    maxFailures: number;
    maxWaitMinutes: number;
    accountMaxFailures: number;
    accountMaxWaitSeconds: number;
    addressMaxFailures: number;
    addressWindowMinutes: number;
  };
  /** Largest accepted upload, bytes. UPLOAD_MAX_BYTES, default 10 MiB. */
  uploadMaxBytes: number;
  /**
   * The slider captcha's throttle: within CAPTCHA_WINDOW_MINUTES (10), an account may fetch
   * CAPTCHA_MAX_CHALLENGES (30) challenges and fail CAPTCHA_MAX_FAILURES (10) checks, an address
   * CAPTCHA_MAX_CHALLENGES_PER_ADDRESS (300) and CAPTCHA_MAX_FAILURES_PER_ADDRESS (50), before a
   * cool-down of CAPTCHA_COOLDOWN_MINUTES (10; doubling with each further one within a day, up to
   * 16 times); 0 lifts a limit.
   */
  captchaThrottle: {
    windowMinutes: number;
    cooldownMinutes: number;
    maxChallenges: number;
    maxChallengesPerAddress: number;
    maxFailures: number;
    maxFailuresPerAddress: number;
  };
  /**
   * Where uploaded files are kept. STORAGE: `local` (under DATA_DIR/uploads: one instance, or a
   * shared volume), `database` (in PostgreSQL, seen by every instance) or `s3`; default
   * `database` with DATABASE_URL, else `local`.
   */
  storage: 'local' | 'database' | 's3';
  /**
   * The S3-compatible store of STORAGE=s3: S3_ENDPOINT (e.g. https://s3.example.edu), S3_BUCKET,
   * S3_REGION (default us-east-1), S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PATH_STYLE
   * (default true: `<endpoint>/<bucket>/<key>`; false: `<bucket>.<endpoint host>/<key>`).
   */
  s3: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    pathStyle: boolean;
  };
  /**
   * Origins of host portals that may frame the web app (it runs as a qiankun sub-application),
   * comma separated; the app's own origin always may. FRAME_ANCESTORS, default none.
   */
  frameAncestors: string[];
  /**
   * Proxies whose X-Forwarded-For / -Host / -Proto are believed: addresses, CIDR ranges or the
   * names loopback, linklocal, uniquelocal, comma separated; `none` believes no proxy.
   * TRUST_PROXY, default loopback (a proxy on the same machine).
   */
  trustProxy: string[] | false;
  /** Outgoing mail. SMTP_HOST (empty: mail is written to the log only), SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_FROM, SMTP_SECURE. */
  smtp: { host: string; port: number; user: string; pass: string; from: string; secure: boolean };
  /**
   * Text messages to phones (visitors' one-time codes and notifications), platform/messages.
   * MESSAGE_CHANNEL: `log` (the text written to the log, phone masked), `http` (POST to the SMS
   * gateway at SMS_GATEWAY_URL with `Authorization: Bearer SMS_GATEWAY_TOKEN`), `file:<path>`
   * (JSON lines appended to a file, for browser tests) or `memory` (kept in the process, for
   * tests); default `http` when SMS_GATEWAY_URL is set, `memory` with NODE_ENV=test, else `log`.
   */
  messages: { channel: 'log' | 'http' | 'file' | 'memory'; file: string; gatewayUrl: string; gatewayToken: string };
  /**
   * Cloud meetings (modules/meetings). MEETING_JITSI_URL: the Jitsi Meet server of the built-in
   * provider (default https://meet.jit.si); MEETING_JITSI_APP_ID / MEETING_JITSI_APP_SECRET:
   * its token authentication (HS256 JWT in each join link), off when empty (a tenant's settings
   * may set their own); MEETING_WEMEET_URL: Tencent Meeting's REST API (default
   * https://api.meeting.qq.com); MEETING_REQUEST_TIMEOUT_MS: one provider call's budget
   * (default 15000); MEETING_MAX_ATTEMPTS: attempts before a meeting is marked failed (default 6).
   */
  meetings: {
    jitsiUrl: string;
    jitsiAppId: string;
    jitsiAppSecret: string;
    wemeetUrl: string;
    requestTimeoutMs: number;
    maxAttempts: number;
  };
  /** Seed a demo tenant on an empty database. SEED_DEMO, default true (false when NODE_ENV=production). */
  seedDemo: boolean;
  /** Log level. LOG_LEVEL, default info (silent in tests). */
  logLevel: string;
  /** GraphQL limits of one request: GRAPHQL_MAX_DEPTH, _ALIASES, _COST, _BATCH, _ANSWER_BYTES, GRAPHQL_CALLER_CONCURRENCY. */
  graphqlLimits: GraphqlLimits;
  /** Prometheus metrics at /metrics. METRICS, default true. */
  metrics: boolean;
  /**
   * Bearer token /metrics requires (any environment, when set). In production the endpoint is
   * served only with one: without METRICS_TOKEN it is off there. METRICS_TOKEN, default empty.
   */
  metricsToken: string;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** A comma-separated list of origins (scheme, host, port), each checked. */
function origins(value: string | undefined, name: string): string[] {
  return (value || '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      let url: URL | null = null;
      try {
        url = new URL(o);
      } catch {
        // reported below
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.origin === 'null') {
        throw new Error(`${name} must list http(s) origins such as https://portal.example.edu, got "${o}"`);
      }
      return url.origin;
    });
}

/** TRUST_PROXY as Fastify's trustProxy takes it: the trusted proxies, or false for none. */
function trustedProxies(value: string | undefined): string[] | false {
  const list = (value || 'loopback')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!list.length || (list.length === 1 && ['none', 'false', '0'].includes(list[0]!.toLowerCase()))) return false;
  for (const p of list) {
    if (!/^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(p)) {
      throw new Error(
        `TRUST_PROXY must list proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal, got "${p}"`,
      );
    }
  }
  return list;
}

function normaliseBasePath(value: string): string {
  const trimmed = `/${value.trim().replace(/^\/+|\/+$/g, '')}`;
  return trimmed === '/' ? '' : trimmed;
}

/** Reads the configuration from an environment (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int(env.PORT, 3000, 'PORT');
  const timeZone = env.TZ_DEFAULT || 'Asia/Shanghai';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new Error(`TZ_DEFAULT is not a known IANA time zone: "${timeZone}"`);
  }
  const oidcClients = parseOidcClients(env.OIDC_CLIENT_ID || 'yy-sys');
  const config: Config = {
    env: nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    basePath: normaliseBasePath(env.BASE_PATH ?? '/yy-sys'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL || '',
    databasePoolSize: Math.max(1, int(env.DATABASE_POOL_SIZE, 20, 'DATABASE_POOL_SIZE')),
    databaseStatementTimeoutMs: int(env.DATABASE_STATEMENT_TIMEOUT_MS, 5000, 'DATABASE_STATEMENT_TIMEOUT_MS'),
    databaseConnectTimeoutMs: Math.max(1, int(env.DATABASE_CONNECT_TIMEOUT_MS, 5000, 'DATABASE_CONNECT_TIMEOUT_MS')),
    dataDir: path.resolve(repoRoot, env.DATA_DIR || 'data'),
    timeZone,
    oidcIssuer: (env.OIDC_ISSUER || '').replace(/\/+$/, ''),
    oidcAudience: env.OIDC_AUDIENCE || '',
    oidcRedirectOrigins: (env.OIDC_REDIRECT_ORIGINS || '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    oidcClientId: oidcClients[0]!.id,
    oidcClients,
    cookieSecret: env.OIDC_COOKIE_SECRET || '',
    visitorDataKey: env.VISITOR_DATA_KEY || '',
    loginThrottle: {
      maxFailures: int(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES'),
      // LOGIN_LOCK_MINUTES, the older name, still bounds the wait where the new one is unset:
      // a deployment upgrading keeps its bound instead of failing to start or losing it.
      maxWaitMinutes: Math.max(
        1,
        env.LOGIN_MAX_WAIT_MINUTES || !env.LOGIN_LOCK_MINUTES
          ? int(env.LOGIN_MAX_WAIT_MINUTES, 15, 'LOGIN_MAX_WAIT_MINUTES')
          : int(env.LOGIN_LOCK_MINUTES, 15, 'LOGIN_LOCK_MINUTES'),
      ),
      accountMaxFailures: int(env.LOGIN_ACCOUNT_MAX_FAILURES, 20, 'LOGIN_ACCOUNT_MAX_FAILURES'),
      accountMaxWaitSeconds: Math.max(1, int(env.LOGIN_ACCOUNT_MAX_WAIT_SECONDS, 60, 'LOGIN_ACCOUNT_MAX_WAIT_SECONDS')),
      addressMaxFailures: int(env.LOGIN_ADDRESS_MAX_FAILURES, 20, 'LOGIN_ADDRESS_MAX_FAILURES'),
      addressWindowMinutes: Math.max(1, int(env.LOGIN_ADDRESS_WINDOW_MINUTES, 10, 'LOGIN_ADDRESS_WINDOW_MINUTES')),
    },
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 10 * 1024 * 1024, 'UPLOAD_MAX_BYTES'),
    captchaThrottle: {
      windowMinutes: Math.max(1, int(env.CAPTCHA_WINDOW_MINUTES, 10, 'CAPTCHA_WINDOW_MINUTES')),
      cooldownMinutes: Math.max(1, int(env.CAPTCHA_COOLDOWN_MINUTES, 10, 'CAPTCHA_COOLDOWN_MINUTES')),
      maxChallenges: int(env.CAPTCHA_MAX_CHALLENGES, 30, 'CAPTCHA_MAX_CHALLENGES'),
      maxChallengesPerAddress: int(env.CAPTCHA_MAX_CHALLENGES_PER_ADDRESS, 300, 'CAPTCHA_MAX_CHALLENGES_PER_ADDRESS'),
      maxFailures: int(env.CAPTCHA_MAX_FAILURES, 10, 'CAPTCHA_MAX_FAILURES'),
      maxFailuresPerAddress: int(env.CAPTCHA_MAX_FAILURES_PER_ADDRESS, 50, 'CAPTCHA_MAX_FAILURES_PER_ADDRESS'),
    },
    storage: storageKind(env.STORAGE, env.DATABASE_URL ? 'database' : 'local'),
    s3: {
      endpoint: (env.S3_ENDPOINT || '').replace(/\/+$/, ''),
      bucket: env.S3_BUCKET || '',
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || '',
      pathStyle: bool(env.S3_PATH_STYLE, true),
    },
    frameAncestors: origins(env.FRAME_ANCESTORS, 'FRAME_ANCESTORS'),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    smtp: {
      host: env.SMTP_HOST || '',
      port: int(env.SMTP_PORT, 587, 'SMTP_PORT'),
      user: env.SMTP_USER || '',
      pass: env.SMTP_PASS || '',
      from: env.SMTP_FROM || 'Yuyue <no-reply@localhost>',
      secure: bool(env.SMTP_SECURE, false),
    },
    messages: messageChannel(env, nodeEnv),
    meetings: {
      jitsiUrl: (env.MEETING_JITSI_URL || 'https://meet.jit.si').replace(/\/+$/, ''),
      jitsiAppId: env.MEETING_JITSI_APP_ID || '',
      jitsiAppSecret: env.MEETING_JITSI_APP_SECRET || '',
      wemeetUrl: (env.MEETING_WEMEET_URL || 'https://api.meeting.qq.com').replace(/\/+$/, ''),
      requestTimeoutMs: Math.max(1000, int(env.MEETING_REQUEST_TIMEOUT_MS, 15_000, 'MEETING_REQUEST_TIMEOUT_MS')),
      maxAttempts: Math.max(1, int(env.MEETING_MAX_ATTEMPTS, 6, 'MEETING_MAX_ATTEMPTS')),
    },
    seedDemo: bool(env.SEED_DEMO, nodeEnv !== 'production'),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    graphqlLimits: {
      maxDepth: int(env.GRAPHQL_MAX_DEPTH, 12, 'GRAPHQL_MAX_DEPTH'),
      maxAliases: int(env.GRAPHQL_MAX_ALIASES, 30, 'GRAPHQL_MAX_ALIASES'),
      maxCost: int(env.GRAPHQL_MAX_COST, 400_000, 'GRAPHQL_MAX_COST'),
      maxBatch: int(env.GRAPHQL_MAX_BATCH, 10, 'GRAPHQL_MAX_BATCH'),
      maxAnswerBytes: int(env.GRAPHQL_MAX_ANSWER_BYTES, 10 * 1024 * 1024, 'GRAPHQL_MAX_ANSWER_BYTES'),
      callerConcurrency: Math.max(1, int(env.GRAPHQL_CALLER_CONCURRENCY, 1, 'GRAPHQL_CALLER_CONCURRENCY')),
    },
    metrics: bool(env.METRICS, true),
    metricsToken: env.METRICS_TOKEN || '',
  };
  const merged = { ...config, ...overrides };
  if (merged.storage === 's3') checkS3(merged.s3);
  return merged;
}

/** MESSAGE_CHANNEL and the SMS gateway it may name, checked at start. */
function messageChannel(env: NodeJS.ProcessEnv, nodeEnv: Config['env']): Config['messages'] {
  const gatewayUrl = env.SMS_GATEWAY_URL || '';
  const value = env.MESSAGE_CHANNEL || (gatewayUrl ? 'http' : nodeEnv === 'test' ? 'memory' : 'log');
  const base = { file: '', gatewayUrl, gatewayToken: env.SMS_GATEWAY_TOKEN || '' };
  if (value === 'log' || value === 'memory') return { ...base, channel: value };
  if (value.startsWith('file:') && value.length > 'file:'.length) {
    return { ...base, channel: 'file', file: path.resolve(repoRoot, value.slice('file:'.length)) };
  }
  if (value === 'http') {
    let url: URL | null = null;
    try {
      url = new URL(gatewayUrl);
    } catch {
      // reported below
    }
    if (!url || !/^https?:$/.test(url.protocol)) {
      throw new Error(`MESSAGE_CHANNEL=http needs SMS_GATEWAY_URL, an http(s) URL, got "${gatewayUrl}"`);
    }
    return { ...base, channel: 'http' };
  }
  throw new Error(`MESSAGE_CHANNEL must be log, http, memory or file:<path>, got "${value}"`);
}

function storageKind(value: string | undefined, fallback: Config['storage']): Config['storage'] {
  if (value === undefined || value === '') return fallback;
  if (value === 'local' || value === 'database' || value === 's3') return value;
  throw new Error(`STORAGE must be local, database or s3, got "${value}"`);
}

/** STORAGE=s3 without where or how to reach the store is refused at start, not at the first upload. */
function checkS3(s3: Config['s3']): void {
  const missing = (
    [
      ['S3_ENDPOINT', s3.endpoint],
      ['S3_BUCKET', s3.bucket],
      ['S3_ACCESS_KEY_ID', s3.accessKeyId],
      ['S3_SECRET_ACCESS_KEY', s3.secretAccessKey],
    ] as const
  )
    .filter(([, v]) => !v)
    .map(([name]) => name);
  if (missing.length) throw new Error(`STORAGE=s3 needs ${missing.join(', ')}`);
  let url: URL;
  try {
    url = new URL(s3.endpoint);
  } catch {
    throw new Error(`S3_ENDPOINT is not a URL: "${s3.endpoint}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${s3.endpoint}"`);
  }
}
