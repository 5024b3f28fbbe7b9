// The environment a bench boots the built application with: its database, fresh secrets, silent logs, a data
// folder of its own and the PostgreSQL graph. `extra` adds or overrides settings.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

export function benchAppEnv(url, dataDir, extra = {}) {
  return {
    DATABASE_URL: url,
    JWT_SECRET: randomBytes(32).toString('base64'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ADMIN_PASSWORD: randomBytes(24).toString('base64'),
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    GRAPH_DRIVER: 'pg',
    ...extra,
  };
}

/** A loopback port free right now, for an app a bench starts. */
export function freePort() {
  return new Promise((ok) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}
