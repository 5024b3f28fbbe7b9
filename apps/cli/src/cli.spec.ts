import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { runCaptured } from './testing/run-captured.js';

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('pathwarden CLI', () => {
  it('prints the version of package.json with --version and exits 0', async () => {
    expect(await runCaptured(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('prints the version with -V too', async () => {
    expect(await runCaptured(['-V'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('lists --version in the help', async () => {
    const run = await runCaptured(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}-V, --version +print the version and exit$/m);
  });
});
