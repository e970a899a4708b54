import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of the repository: `./data` and the built web app are resolved against it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
  /** Client id of our own web app at the built-in provider. OIDC_CLIENT_ID, default yy-sys. */
  oidcClientId: string;
  /**
   * Secret that signs the built-in provider's cookies. OIDC_COOKIE_SECRET; when unset, a random
   * one is made on first start and kept in the database, shared by every instance.
   */
  cookieSecret: string;
  /** Failed sign-ins before the account is locked. LOGIN_MAX_FAILURES, default 5. */
  loginMaxFailures: number;
  /** How long a locked account stays locked, minutes. LOGIN_LOCK_MINUTES, default 15. */
  loginLockMinutes: number;
  /** Largest accepted upload, bytes. UPLOAD_MAX_BYTES, default 10 MiB. */
  uploadMaxBytes: number;
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
  /** Seed a demo tenant on an empty database. SEED_DEMO, default true (false when NODE_ENV=production). */
  seedDemo: boolean;
  /** Log level. LOG_LEVEL, default info (silent in tests). */
  logLevel: string;
  /** GraphQL limits. GRAPHQL_MAX_DEPTH (12), GRAPHQL_MAX_ALIASES (30), GRAPHQL_MAX_COST (100000: the contract's resource list document, every child list selected, estimates ~52000), GRAPHQL_MAX_BATCH (10). */
  graphqlLimits: { maxDepth: number; maxAliases: number; maxCost: number; maxBatch: number };
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
    oidcClientId: env.OIDC_CLIENT_ID || 'yy-sys',
    cookieSecret: env.OIDC_COOKIE_SECRET || '',
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES'),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, 15, 'LOGIN_LOCK_MINUTES'),
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 10 * 1024 * 1024, 'UPLOAD_MAX_BYTES'),
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
    seedDemo: bool(env.SEED_DEMO, nodeEnv !== 'production'),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    graphqlLimits: {
      maxDepth: int(env.GRAPHQL_MAX_DEPTH, 12, 'GRAPHQL_MAX_DEPTH'),
      maxAliases: int(env.GRAPHQL_MAX_ALIASES, 30, 'GRAPHQL_MAX_ALIASES'),
      maxCost: int(env.GRAPHQL_MAX_COST, 100_000, 'GRAPHQL_MAX_COST'),
      maxBatch: int(env.GRAPHQL_MAX_BATCH, 10, 'GRAPHQL_MAX_BATCH'),
    },
    metrics: bool(env.METRICS, true),
    metricsToken: env.METRICS_TOKEN || '',
  };
  return { ...config, ...overrides };
}
