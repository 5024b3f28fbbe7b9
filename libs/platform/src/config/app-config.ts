import { ConfigError } from './config-error.js';
import { EnvReader, type Env } from './env-reader.js';

export type Edition = 'enterprise' | 'community';
/** The secrets every process sharing a database must share: only the code that signs sessions or encrypts keys reads them. */
export type SharedSecret = 'JWT_SECRET' | 'SECRETS_KEY';

/**
 * The platform's settings, typed and validated, read once from the environment. Each library declares its own
 * settings as a slice (`defineConfigSlice`), read together with these (`readConfiguration`).
 */
export type WireFormat = 'spec' | 'bloodhound';

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
  readonly edition: Edition;
  /** WIRE_FORMAT: `spec` writes nullable fields as the spec's wrappers (§2.1), `bloodhound` as the reference server does. */
  readonly wireFormat: WireFormat;
  readonly logLevel: string;
  /** Express `trust proxy`: which proxies' X-Forwarded-For to believe for the client address (login throttle). */
  readonly trustProxy: boolean | number | string;
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

/** Where GET /metrics is served: its own port, unauthenticated, so loopback unless told otherwise. */
export interface MetricsSettings {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
}

function missingSecrets(names: readonly SharedSecret[]): ConfigError {
  return new ConfigError(
    `${names.join(' and ')} must be set when DATABASE_URL is set: every instance sharing the database must use the ` +
      'same secrets, and they are never stored in the database (generate one with `openssl rand -base64 48`)',
  );
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the platform's variables; throws ConfigError naming the variable on any bad value. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const read = new EnvReader(env, cwd);
  const port = read.integer('PORT', 8080, 0, 65535);
  const databaseUrl = read.optional('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  // Required only where used (AppConfig.secret, requireSecrets): the CLI runs on DATABASE_URL without them.
  const jwtSecret = read.optional('JWT_SECRET');
  const secretsKey = read.optional('SECRETS_KEY');
  for (const [name, value] of [['JWT_SECRET', jwtSecret], ['SECRETS_KEY', secretsKey]] as const) {
    if (value !== undefined && value.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
  }
  const rootUrl = (read.optional('ROOT_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(rootUrl);
  } catch {
    throw new ConfigError('ROOT_URL must be an absolute URL, e.g. https://pathwarden.example.com');
  }
  const edition = read.optional('EDITION') ?? 'enterprise';
  if (edition !== 'enterprise' && edition !== 'community') {
    throw new ConfigError('EDITION must be enterprise or community');
  }
  const wireFormat = read.optional('WIRE_FORMAT') ?? 'spec';
  if (wireFormat !== 'spec' && wireFormat !== 'bloodhound') throw new ConfigError('WIRE_FORMAT must be spec or bloodhound');
  const logLevel = read.optional('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return new AppConfig({
    port,
    host: read.optional('HOST') ?? '0.0.0.0',
    rootUrl,
    databaseUrl,
    dataDir: read.path('DATA_DIR', './.data'),
    jwtSecret,
    secretsKey,
    edition,
    wireFormat,
    logLevel,
    trustProxy: trustProxy(read.optional('TRUST_PROXY')),
    metrics: metricsSettings(read, port),
  });
}

/** METRICS_PORT turns the metrics server on; METRICS_HOST alone is a mistake worth stopping for. */
function metricsSettings(read: EnvReader, apiPort: number): MetricsSettings | undefined {
  const host = read.optional('METRICS_HOST');
  if (read.optional('METRICS_PORT') === undefined) {
    if (host !== undefined) throw new ConfigError('METRICS_HOST is set but METRICS_PORT is not: metrics are served only when METRICS_PORT is set');
    return undefined;
  }
  const port = read.integer('METRICS_PORT', 0, 0, 65535);
  if (port !== 0 && port === apiPort) throw new ConfigError(`METRICS_PORT must differ from PORT (both ${port})`);
  return { host: host ?? '127.0.0.1', port };
}

/** `true`/`false`, a hop count, or addresses/subnets as Express reads them. */
function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}
