// Benchmarks of the foundation: start-up time on the embedded PostgreSQL, then HTTP throughput of health, an
// authenticated list endpoint and login, measured with autocannon against the built server on loopback.
// Usage: npm run bench [-- --seconds 10 --connections 10] (BENCH_SIZE=tiny: 1 s, 2 connections). Prints figures;
// never fails on timing.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sized } from './size.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
const seconds = Number(args.seconds ?? sized(10, 1));
const connections = Number(args.connections ?? sized(10, 2));

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'pathwarden-bench-'));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', LOGIN_THROTTLE_LIMIT: '1000000' };
delete env.DATABASE_URL;

const started = process.hrtime.bigint();
const server = spawn(process.execPath, ['dist/apps/api/src/main.js'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('Pathwarden listening') && resolve());
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
const startupMs = Number(process.hrtime.bigint() - started) / 1e6;

const base = `http://127.0.0.1:${port}`;
const password = readFileSync(join(dataDir, 'initial-admin-password'), 'utf8').trim();
const loginBody = JSON.stringify({ login_method: 'secret', username: 'admin', secret: password });
const login = await fetch(`${base}/api/v2/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: loginBody });
const token = (await login.json()).data.session_token;

async function run(title, options) {
  const { path, ...rest } = options;
  const result = await autocannon({ url: `${base}${path}`, connections, duration: seconds, ...rest });
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(44)} ${result.requests.average.toFixed(0).padStart(7)} req/s  ` +
      `p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  non-2xx ${non2xx}`,
  );
}

console.log(`start-up on a fresh embedded PostgreSQL (initdb, migrations, admin): ${startupMs.toFixed(0)} ms`);
console.log(`autocannon: ${connections} connections, ${seconds} s each`);
await run('GET /health (SELECT 1)', { path: '/health' });
await run('GET /api/v2/roles (session check + 1 query)', { path: '/api/v2/roles', headers: { authorization: `Bearer ${token}` } });
await run('POST /api/v2/login (argon2id verify)', {
  path: '/api/v2/login', method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody,
});
server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
