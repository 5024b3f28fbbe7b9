import { isAbsolute, resolve } from 'node:path';
import { isEmail } from 'class-validator';

export type Edition = 'enterprise' | 'community';
export type GraphDriver = 'pg' | 'neo4j';
/** The secrets every process sharing a database must share: only the code that signs sessions or encrypts keys reads them. */
export type SharedSecret = 'JWT_SECRET' | 'SECRETS_KEY';

/** Typed, validated configuration read once from the environment. */
export class AppConfig {
  readonly port: number;
  readonly host: string;
  readonly rootUrl: string;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /**
   * From the environment; with the embedded database, filled from DATA_DIR by resolveLocalSecrets when unset. Read
   * them through `secret()`: with DATABASE_URL they may be unset in a process that never uses them (the CLI).
   */
  jwtSecret: string | undefined;
  secretsKey: string | undefined;
  readonly sessionTtlHours: number;
  readonly adminPrincipalName: string;
  readonly adminPassword: string | undefined;
  /** Email of the bootstrap administrator, given when it is created (ADMIN_EMAIL); unset: it has none. */
  readonly adminEmail: string | undefined;
  readonly edition: Edition;
  readonly logLevel: string;
  readonly loginThrottleLimit: number;
  readonly loginThrottleTtlSeconds: number;
  /** Express `trust proxy`: which proxies' X-Forwarded-For to believe for the client address (login throttle). */
  readonly trustProxy: boolean | number | string;
  /** Graph backend: `pg` (the graph in PostgreSQL, default) or `neo4j` (NEO4J_URL). */
  readonly graphDriver: GraphDriver;
  readonly neo4j: { url: string; user: string; password: string } | undefined;
  /** Server ceiling of any graph work, whatever Prefer asks (GRAPH_QUERY_TIMEOUT, seconds). */
  readonly graphQueryTimeoutSeconds: number;
  /** Most graph elements (nodes + edges) one graph answer may carry (GRAPH_RESULT_LIMIT). */
  readonly graphResultLimit: number;
  /** Graph requests one user may have running at once; more answer 429 (GRAPH_CONCURRENCY_PER_USER). */
  readonly graphConcurrencyPerUser: number;
  /** Collector releases served by /api/v2/collectors: `<dir>/<type>/<type>-vX.Y.Z.zip` (+ `.sha256`) (COLLECTORS_DIR). */
  readonly collectorsDir: string;
  /** The community collector manifest to serve (KENNEL_MANIFEST); unset: the bundled one. */
  readonly kennelManifestPath: string | undefined;
  /** Seconds between scheduler ticks (SCHEDULER_INTERVAL); 0 runs no background ticks (tests tick by hand). */
  readonly schedulerIntervalSeconds: number;
  /** A READY job not taken within this many seconds of its execution time times out (JOB_READY_TIMEOUT). */
  readonly jobReadyTimeoutSeconds: number;
  /** A RUNNING job with no sign of progress for this many seconds times out (JOB_RUNNING_TIMEOUT). */
  readonly jobRunningTimeoutSeconds: number;

  /** Ingest limits and pacing (README "Ingest"): every cap answers 413/400 with a clear message. */
  readonly ingest: IngestSettings;
  /**
   * Ingest the bundled sample data at start (SAMPLE_DATA). Unset: only on the very first start of an embedded
   * database (decided where the database is created).
   */
  readonly sampleData: boolean | undefined;
  /** The Prometheus metrics server (METRICS_HOST, METRICS_PORT); unset METRICS_PORT: no metrics server. */
  readonly metrics: MetricsSettings | undefined;

  constructor(values: Omit<AppConfig, 'embedded' | 'secret' | 'requireSecrets'>) {
    Object.assign(this, values);
  }

  /** True when the service runs its own embedded PostgreSQL. */
  get embedded(): boolean {
    return this.databaseUrl === undefined;
  }

  /** A shared secret, for the code that uses it; the ConfigError naming it when it is unset. */
  secret(name: SharedSecret): string {
    const value = this.secretValue(name);
    if (value === undefined) throw missingSecrets([name]);
    return value;
  }

  /**
   * Fails, naming every one missing, when DATABASE_URL is set without these secrets: called at the start of a
   * process that uses them (the API server), so it stops at once rather than at first use. The embedded database
   * needs none: they are generated into DATA_DIR.
   */
  requireSecrets(names: readonly SharedSecret[]): void {
    if (this.embedded) return;
    const missing = names.filter((name) => this.secretValue(name) === undefined);
    if (missing.length > 0) throw missingSecrets(missing);
  }

  private secretValue(name: SharedSecret): string | undefined {
    return name === 'JWT_SECRET' ? this.jwtSecret : this.secretsKey;
  }
}

export interface IngestSettings {
  /** Largest upload body in bytes (INGEST_MAX_UPLOAD_BYTES); 413 above. */
  maxUploadBytes: number;
  /** Largest total of a zip's uncompressed members in bytes (INGEST_MAX_UNCOMPRESSED_BYTES); 413 above. */
  maxUncompressedBytes: number;
  /** Largest uncompressed/compressed ratio of a zip member or a gzip body (INGEST_MAX_COMPRESSION_RATIO); 413 above. */
  maxCompressionRatio: number;
  /** Most members in one zip (INGEST_MAX_ZIP_MEMBERS); 400 above. */
  maxZipMembers: number;
  /** Largest single value of a collector file (one `data` item, `meta`, a key) in bytes (INGEST_MAX_OBJECT_BYTES). */
  maxObjectBytes: number;
  /** Graph rows (nodes + edges) per write transaction (INGEST_BATCH_SIZE). */
  batchSize: number;
  /** Batch writes of one file in flight at once, each on its own connection (INGEST_WRITERS). */
  writers: number;
  /** Seconds between datapipe ticks (DATAPIPE_INTERVAL); 0 runs no background ticks (tests drive it by hand). */
  datapipeIntervalSeconds: number;
  /** A Running upload job with no upload for this many seconds times out (INGEST_UPLOAD_TIMEOUT, default 20 min). */
  uploadTimeoutSeconds: number;
  /** A claimed task whose worker gave no sign of life for this many seconds is taken again (INGEST_TASK_LEASE). */
  taskLeaseSeconds: number;
}

/** Where GET /metrics is served: its own port, unauthenticated, so loopback unless told otherwise. */
export interface MetricsSettings {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
}

export class ConfigError extends Error {}

function missingSecrets(names: readonly SharedSecret[]): ConfigError {
  return new ConfigError(
    `${names.join(' and ')} must be set when DATABASE_URL is set: every instance sharing the database must use the ` +
      'same secrets, and they are never stored in the database (generate one with `openssl rand -base64 48`)',
  );
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the environment; throws ConfigError naming the variable on any bad value. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  // Required only where used (AppConfig.secret, requireSecrets): the CLI runs on DATABASE_URL without them.
  const jwtSecret = optional(env, 'JWT_SECRET');
  const secretsKey = optional(env, 'SECRETS_KEY');
  for (const [name, value] of [['JWT_SECRET', jwtSecret], ['SECRETS_KEY', secretsKey]] as const) {
    if (value !== undefined && value.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
  }
  const dataDir = optional(env, 'DATA_DIR') ?? './.data';
  const rootUrl = (optional(env, 'ROOT_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(rootUrl);
  } catch {
    throw new ConfigError('ROOT_URL must be an absolute URL, e.g. https://pathwarden.example.com');
  }
  const edition = optional(env, 'EDITION') ?? 'enterprise';
  if (edition !== 'enterprise' && edition !== 'community') {
    throw new ConfigError('EDITION must be enterprise or community');
  }
  const logLevel = optional(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const adminPassword = optional(env, 'ADMIN_PASSWORD');
  const adminEmail = optional(env, 'ADMIN_EMAIL');
  if (adminEmail !== undefined && !isEmail(adminEmail)) throw new ConfigError(`ADMIN_EMAIL must be an email address, got "${adminEmail}"`);
  const graphDriver = optional(env, 'GRAPH_DRIVER') ?? 'pg';
  if (graphDriver !== 'pg' && graphDriver !== 'neo4j') throw new ConfigError('GRAPH_DRIVER must be pg or neo4j');
  const neo4jUrl = optional(env, 'NEO4J_URL');
  if (neo4jUrl !== undefined && !/^(neo4j|bolt)(\+s|\+ssc)?:\/\//.test(neo4jUrl)) {
    throw new ConfigError('NEO4J_URL must be a neo4j:// or bolt:// URL (optionally +s or +ssc)');
  }
  if (graphDriver === 'neo4j' && neo4jUrl === undefined) throw new ConfigError('GRAPH_DRIVER=neo4j needs NEO4J_URL');
  return new AppConfig({
    port,
    host: optional(env, 'HOST') ?? '0.0.0.0',
    rootUrl,
    databaseUrl,
    dataDir: path(dataDir, cwd),
    jwtSecret,
    secretsKey,
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', 8, 1, 24 * 365),
    adminPrincipalName: optional(env, 'ADMIN_PRINCIPAL_NAME') ?? 'admin',
    adminPassword,
    adminEmail,
    edition,
    logLevel,
    loginThrottleLimit: integer(env, 'LOGIN_THROTTLE_LIMIT', 10, 1, 1_000_000),
    loginThrottleTtlSeconds: integer(env, 'LOGIN_THROTTLE_TTL', 60, 1, 86_400),
    trustProxy: trustProxy(optional(env, 'TRUST_PROXY')),
    graphDriver,
    neo4j: neo4jUrl === undefined ? undefined : {
      url: neo4jUrl,
      user: optional(env, 'NEO4J_USER') ?? 'neo4j',
      password: optional(env, 'NEO4J_PASSWORD') ?? '',
    },
    graphQueryTimeoutSeconds: integer(env, 'GRAPH_QUERY_TIMEOUT', 60, 1, 3600),
    graphResultLimit: integer(env, 'GRAPH_RESULT_LIMIT', 10_000, 1, 10_000_000),
    graphConcurrencyPerUser: integer(env, 'GRAPH_CONCURRENCY_PER_USER', 4, 1, 1000),
    collectorsDir: path(optional(env, 'COLLECTORS_DIR') ?? './collectors', cwd),
    kennelManifestPath: optional(env, 'KENNEL_MANIFEST') === undefined ? undefined : path(optional(env, 'KENNEL_MANIFEST')!, cwd),
    schedulerIntervalSeconds: integer(env, 'SCHEDULER_INTERVAL', 30, 0, 3600),
    jobReadyTimeoutSeconds: integer(env, 'JOB_READY_TIMEOUT', 86_400, 60, 31_536_000),
    jobRunningTimeoutSeconds: integer(env, 'JOB_RUNNING_TIMEOUT', 43_200, 60, 31_536_000),
    ingest: {
      maxUploadBytes: integer(env, 'INGEST_MAX_UPLOAD_BYTES', 1024 ** 3, 1024, 1024 ** 4),
      maxUncompressedBytes: integer(env, 'INGEST_MAX_UNCOMPRESSED_BYTES', 8 * 1024 ** 3, 1024, 1024 ** 4),
      maxCompressionRatio: integer(env, 'INGEST_MAX_COMPRESSION_RATIO', 200, 2, 100_000),
      maxZipMembers: integer(env, 'INGEST_MAX_ZIP_MEMBERS', 10_000, 1, 1_000_000),
      maxObjectBytes: integer(env, 'INGEST_MAX_OBJECT_BYTES', 64 * 1024 ** 2, 1024, 1024 ** 3),
      batchSize: integer(env, 'INGEST_BATCH_SIZE', 20_000, 1, 1_000_000),
      writers: integer(env, 'INGEST_WRITERS', 2, 1, 16),
      datapipeIntervalSeconds: integer(env, 'DATAPIPE_INTERVAL', 5, 0, 3600),
      uploadTimeoutSeconds: integer(env, 'INGEST_UPLOAD_TIMEOUT', 1200, 1, 31_536_000),
      taskLeaseSeconds: integer(env, 'INGEST_TASK_LEASE', 300, 1, 86_400),
    },
    sampleData: boolean(optional(env, 'SAMPLE_DATA'), 'SAMPLE_DATA'),
    metrics: metricsSettings(env, port),
  });
}

/** METRICS_PORT turns the metrics server on; METRICS_HOST alone is a mistake worth stopping for. */
function metricsSettings(env: Env, apiPort: number): MetricsSettings | undefined {
  const host = optional(env, 'METRICS_HOST');
  if (optional(env, 'METRICS_PORT') === undefined) {
    if (host !== undefined) throw new ConfigError('METRICS_HOST is set but METRICS_PORT is not: metrics are served only when METRICS_PORT is set');
    return undefined;
  }
  const port = integer(env, 'METRICS_PORT', 0, 0, 65535);
  if (port !== 0 && port === apiPort) throw new ConfigError(`METRICS_PORT must differ from PORT (both ${port})`);
  return { host: host ?? '127.0.0.1', port };
}

/** `true`/`false`, a hop count, or addresses/subnets as Express reads them. */
function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

function boolean(raw: string | undefined, name: string): boolean | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

const path = (value: string, cwd: string): string => (isAbsolute(value) ? value : resolve(cwd, value));

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}
