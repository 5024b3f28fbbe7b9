import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import type { INestApplication, Type } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { AppLogger, configureHttp, setupOpenApi } from '@app/platform';
import { AppModule } from '../../apps/api/src/app.module.js';

export const ADMIN_PASSWORD = 'Admin-Password-123!';

export interface TestApp {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  databaseUrl: string;
  close(): Promise<void>;
}

/** Options of a test app: extra environment, and controllers that exist only for the test. */
export interface TestAppOptions {
  env?: Record<string, string>;
  controllers?: Type[];
  customize?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
}

/**
 * The real app on a fresh database of its own (created on the run's PostgreSQL), over real HTTP via supertest.
 * Jest gives each test file its own process.env, so the variables set here do not leak.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is unset: run e2e tests through jest.e2e.config.js');
  const name = `t_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  Object.assign(process.env, {
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString('base64'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ADMIN_PASSWORD,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pathwarden-test-')),
    LOG_LEVEL: 'silent',
    LOGIN_THROTTLE_LIMIT: '100000',
    EDITION: 'enterprise',
    // No sample data unless a test asks. (Scheduler and datapipe ticks start only from main.ts: tests tick by hand.)
    SAMPLE_DATA: 'false',
    ...options.env,
  });

  let builder = Test.createTestingModule({ imports: [AppModule], controllers: options.controllers ?? [] });
  if (options.customize) builder = options.customize(builder);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, bufferLogs: true });
  app.useLogger(app.get(AppLogger));
  configureHttp(app);
  setupOpenApi(app);
  await app.init();
  return {
    app,
    http: () => request(app.getHttpServer()),
    databaseUrl: url.toString(),
    async close() {
      await app.close();
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Logs in and returns the session token. */
export async function login(t: TestApp, username: string, secret: string): Promise<string> {
  const res = await t.http().post('/api/v2/login').send({ login_method: 'secret', username, secret });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.session_token as string;
}

/** Asserts the spec's error body and returns its first message. */
export function errorMessage(res: { status: number; body: unknown; headers: Record<string, string> }, status: number): string {
  const body = res.body as { http_status: number; timestamp: string; request_id: string; errors: { context: string; message: string }[] };
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  if (body.http_status !== status) throw new Error(`http_status ${body.http_status} != ${status}`);
  if (body.request_id !== res.headers['requestid']) throw new Error('request_id does not match the RequestID header');
  if (!/^\d{4}-\d{2}-\d{2}T/.test(body.timestamp)) throw new Error(`bad timestamp ${body.timestamp}`);
  if (!Array.isArray(body.errors) || body.errors.length === 0 || body.errors.some((e) => e.context !== '')) {
    throw new Error(`bad errors array ${JSON.stringify(body.errors)}`);
  }
  return body.errors[0].message;
}

/** Another instance of the app on the database of `t` (its own providers and connection pool), as a second process would be. */
export interface SecondInstance {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  /** Closes the instance; the database stays (it belongs to `t`). */
  close(): Promise<void>;
}

/** Starts a second app instance sharing the database (and secrets) of `t`; `options.env` adds to `t`'s environment. */
export async function createSecondInstance(t: TestApp, options: Omit<TestAppOptions, 'controllers'> = {}): Promise<SecondInstance> {
  Object.assign(process.env, { DATABASE_URL: t.databaseUrl, ...options.env });
  let builder = Test.createTestingModule({ imports: [AppModule] });
  if (options.customize) builder = options.customize(builder);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, bufferLogs: true });
  app.useLogger(app.get(AppLogger));
  configureHttp(app);
  await app.init();
  return { app, http: () => request(app.getHttpServer()), close: () => app.close() };
}
