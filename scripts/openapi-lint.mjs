// `npm run lint:openapi [-- --out <file>]`: builds the OpenAPI document the service serves, without a server, a
// database or a build (apps/api/src/openapi-document.ts, imported from the sources), and lints it with Redocly's
// recommended rules (redocly.yaml). Exits non-zero when the lint reports an error. `--out` keeps the document.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = values.out ? resolve(values.out) : undefined;
const rootDir = fileURLToPath(new URL('..', import.meta.url));

register('./typescript-hooks.mjs', import.meta.url);
const { buildOpenApiDocument } = await import('../apps/api/src/openapi-document.ts');
const document = await buildOpenApiDocument();

const scratch = out ? undefined : mkdtempSync(join(tmpdir(), 'pathwarden-openapi-'));
const file = out ?? join(scratch, 'openapi.json');
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);

const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
let status = 0;
try {
  execFileSync(process.execPath, [redocly, 'lint', basename(file), '--config', join(rootDir, 'redocly.yaml')], {
    cwd: dirname(file),
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
} catch (error) {
  status = error.status ?? 1;
}
if (scratch) rmSync(scratch, { recursive: true, force: true });
// Exit explicitly: modules of the app may leave handles (timers, metric collectors) that would keep Node running.
process.exit(status);
