import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestingModule } from '@nestjs/testing';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Response, Test } from 'supertest';
import { adminCaller, Caller, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A collectors folder: sharphound releases (one a prerelease, one deprecated) and a link escaping the folder. */
function collectorsFolder() {
  const root = mkdtempSync(join(tmpdir(), 'pathwarden-collectors-'));
  const dir = join(root, 'collectors');
  const sharphound = join(dir, 'sharphound');
  mkdirSync(sharphound, { recursive: true });
  const zips = new Map<string, { bytes: Buffer; checksum: Buffer }>();
  for (const version of ['v2.0.0', 'v2.10.0', 'v2.9.1', 'v1.1.0', 'v2.11.0-rc1']) {
    const name = `sharphound-${version}.zip`;
    const bytes = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(2048 + zips.size * 1000)]);
    const checksum = Buffer.from(`${sha256(bytes)}  ${name}\n`);
    writeFileSync(join(sharphound, name), bytes);
    writeFileSync(join(sharphound, `${name}.sha256`), checksum);
    zips.set(version, { bytes, checksum });
  }
  // A release whose zip is a link out of the folder, with a valid checksum beside it: never listed or served.
  const secret = join(root, 'secret.zip');
  writeFileSync(secret, 'outside the collectors folder');
  symlinkSync(secret, join(sharphound, 'sharphound-v9.9.9.zip'));
  writeFileSync(join(sharphound, 'sharphound-v9.9.9.zip.sha256'), `${sha256(Buffer.from('outside the collectors folder'))}\n`);
  return { root, dir, zips };
}

/** Collects a binary body as a Buffer, whatever its content type. */
const binary = (req: Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

function expectAttachment(res: Response, fileName: string, bytes: Buffer) {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/octet-stream');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  expect(res.headers['content-length']).toBe(String(bytes.length));
  expect(res.headers['requestid']).toBeDefined();
  expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
}

const bundled = JSON.parse(readFileSync(join(process.cwd(), 'libs/collection/assets/kennel-manifest.json'), 'utf8'));

/** A manifest document as served: the same fields, release dates as the service writes instants. */
const served = (document: Record<string, { release_date: string }[]>) =>
  Object.fromEntries(Object.entries(document).map(([type, releases]) =>
    [type, releases.map((r) => ({ ...r, release_date: new Date(r.release_date).toISOString() }))]));

describe('collector manifests and downloads', () => {
  let t: TestApp;
  let admin: Caller;
  let folder: ReturnType<typeof collectorsFolder>;

  beforeAll(async () => {
    folder = collectorsFolder();
    t = await createTestApp({ env: { COLLECTORS_DIR: folder.dir } });
    admin = await adminCaller(t);
  });

  afterAll(async () => {
    await t?.close();
    rmSync(folder.root, { recursive: true, force: true });
  });

  const version = (v: string, deprecated = false) => ({ version: v, sha256sum: sha256(folder.zips.get(v)!.bytes), deprecated });

  it('lists sharphound releases newest first by semantic version, latest the greatest final release', async () => {
    const res = await admin.get('/collectors/sharphound');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      data: {
        latest: 'v2.10.0',
        versions: [version('v2.11.0-rc1'), version('v2.10.0'), version('v2.9.1'), version('v2.0.0'), version('v1.1.0', true)],
      },
    });
  });

  it('gives an empty manifest for a type without a folder', async () => {
    const res = await admin.get('/collectors/azurehound');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { latest: '', versions: [] } });
  });

  it('answers 400 Invalid collector type on every collectors route, echoing a safe, capped value', async () => {
    expect(errorMessage(await admin.get('/collectors/bloodhound'), 400)).toBe('Invalid collector type: bloodhound');
    expect(errorMessage(await admin.get('/collectors/SharpHound/latest'), 400)).toBe('Invalid collector type: SharpHound');
    expect(errorMessage(await admin.get('/collectors/x/v2.0.0/checksum'), 400)).toBe('Invalid collector type: x');
    expect(errorMessage(await admin.get('/collectors/a%0D%0Ab%00c'), 400)).toBe('Invalid collector type: abc');
    expect(errorMessage(await admin.get(`/collectors/${'y'.repeat(300)}`), 400)).toBe(`Invalid collector type: ${'y'.repeat(64)}...`);
  });

  it('answers 400 for a path value that is not valid percent-encoding', async () => {
    for (const path of ['/collectors/%E0%A4%A', '/collectors/sharphound/%E0%A4%A/checksum']) {
      expect(errorMessage(await admin.get(path), 400)).toBe("Failed to decode param '%E0%A4%A'");
    }
  });

  it('downloads a listed version byte for byte as an attachment', async () => {
    for (const v of ['v2.9.1', 'v1.1.0', 'v2.11.0-rc1']) {
      expectAttachment(await binary(admin.get(`/collectors/sharphound/${v}`)), `sharphound-${v}.zip`, folder.zips.get(v)!.bytes);
    }
  });

  it('downloads the greatest final release for latest', async () => {
    expectAttachment(await binary(admin.get('/collectors/sharphound/latest')), 'sharphound-v2.10.0.zip', folder.zips.get('v2.10.0')!.bytes);
  });

  it('downloads the checksum file as stored, for a version and for latest', async () => {
    expectAttachment(await binary(admin.get('/collectors/sharphound/v2.0.0/checksum')),
      'sharphound-v2.0.0.zip.sha256', folder.zips.get('v2.0.0')!.checksum);
    expectAttachment(await binary(admin.get('/collectors/sharphound/latest/checksum')),
      'sharphound-v2.10.0.zip.sha256', folder.zips.get('v2.10.0')!.checksum);
  });

  it('answers 404 for a version the manifest does not list, including one whose zip links out of the folder', async () => {
    for (const path of [
      '/collectors/sharphound/v2.9.9', '/collectors/sharphound/v2.9.9/checksum', '/collectors/sharphound/v9.9.9',
      '/collectors/sharphound/v9.9.9/checksum', '/collectors/azurehound/latest', '/collectors/azurehound/v2.0.0/checksum',
    ]) {
      expect(errorMessage(await admin.get(path), 404)).toBe('resource not found');
    }
  });

  it('answers 400 for a malformed release tag, never a file, whatever the tag tries', async () => {
    for (const tag of [
      '..%2F..%2Fetc%2Fpasswd', '..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd', '..%2Fsharphound%2Fsharphound-v2.0.0.zip',
      'sharphound-v2.0.0.zip', 'v2.0.0.zip', '2.0.0', 'LATEST', 'v2.0.0%00', '%2e%2e', 'v2.0.0%2F..%2F..',
    ]) {
      for (const suffix of ['', '/checksum']) {
        const res = await admin.get(`/collectors/sharphound/${tag}${suffix}`);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(errorMessage(res, 400)).toBe('invalid release tag: expected vX.Y.Z, vX.Y.Z-<prerelease> or latest');
      }
    }
  });

  it('never serves a path outside the routes (dot segments are not resolved into the folder)', async () => {
    const res = await admin.get('/collectors/sharphound/../../../../etc/passwd');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers 401 without credentials on every route', async () => {
    const anonymous = new Caller(t);
    for (const path of ['/collectors/sharphound', '/collectors/sharphound/latest', '/collectors/sharphound/latest/checksum', '/kennel/manifest']) {
      expect(errorMessage(await anonymous.get(path), 401)).toBe('not authenticated');
    }
  });

  it('serves a Read-Only user (any authenticated caller)', async () => {
    const { caller } = await userSession(t, admin, Roles.ReadOnly);
    expect((await caller.get('/collectors/sharphound')).body.data.latest).toBe('v2.10.0');
    expectAttachment(await binary(caller.get('/collectors/sharphound/v2.0.0')), 'sharphound-v2.0.0.zip', folder.zips.get('v2.0.0')!.bytes);
    expect((await caller.get('/kennel/manifest')).status).toBe(200);
  });

  it('serves the bundled kennel manifest when KENNEL_MANIFEST is unset', async () => {
    const res = await admin.get('/kennel/manifest');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: served(bundled) });
    expect(res.body.data.sharphound[0]).toEqual({
      version: 'v2.6.7',
      version_meta: { major: 2, minor: 6, patch: 7, prerelease: '' },
      release_date: '2025-07-15T00:00:00.000Z',
      release_assets: [{
        name: 'SharpHound_v2.6.7_windows_x86.zip',
        download_url: 'https://github.com/SpecterOps/SharpHound/releases/download/v2.6.7/SharpHound_v2.6.7_windows_x86.zip',
        checksum_download_url: 'https://github.com/SpecterOps/SharpHound/releases/download/v2.6.7/SharpHound_v2.6.7_windows_x86.zip.sha256',
        os: 'windows',
        arch: 'x86',
      }],
    });
  });

  it('picks up releases dropped into the folder without a restart', async () => {
    const azurehound = join(folder.dir, 'azurehound');
    mkdirSync(azurehound);
    const bytes = randomBytes(100);
    writeFileSync(join(azurehound, 'azurehound-v2.2.1.zip'), bytes);
    writeFileSync(join(azurehound, 'azurehound-v2.2.1.zip.sha256'), `${sha256(bytes)}\n`);
    writeFileSync(join(azurehound, 'azurehound-v2.3.0.zip'), 'no checksum beside it: not listed');
    const res = await admin.get('/collectors/azurehound');
    expect(res.body).toEqual({ data: { latest: 'v2.2.1', versions: [{ version: 'v2.2.1', sha256sum: sha256(bytes), deprecated: false }] } });
    expectAttachment(await binary(admin.get('/collectors/azurehound/latest')), 'azurehound-v2.2.1.zip', bytes);
    expect(errorMessage(await admin.get('/collectors/azurehound/v2.3.0'), 404)).toBe('resource not found');
  });
});

describe('collectors in the community edition', () => {
  let t: TestApp;
  let folder: ReturnType<typeof collectorsFolder>;

  beforeAll(async () => {
    folder = collectorsFolder();
    t = await createTestApp({ env: { EDITION: 'community', COLLECTORS_DIR: folder.dir } });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(folder.root, { recursive: true, force: true });
  });

  it('serves manifests, downloads and the kennel manifest', async () => {
    const admin = await adminCaller(t);
    expect((await admin.get('/collectors/sharphound')).body.data.latest).toBe('v2.10.0');
    expectAttachment(await binary(admin.get('/collectors/sharphound/latest')), 'sharphound-v2.10.0.zip', folder.zips.get('v2.10.0')!.bytes);
    expectAttachment(await binary(admin.get('/collectors/sharphound/latest/checksum')),
      'sharphound-v2.10.0.zip.sha256', folder.zips.get('v2.10.0')!.checksum);
    expect((await admin.get('/kennel/manifest')).body).toEqual({ data: served(bundled) });
  });
});

describe('KENNEL_MANIFEST', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pathwarden-kennel-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const release = (version: string, prerelease: string, date: string) => ({
    version,
    version_meta: { major: 3, minor: Number(version.split('.')[1]), patch: 0, prerelease },
    release_date: date,
    release_assets: [{
      name: `AzureHound_${version}_linux_amd64.zip`,
      download_url: `https://downloads.example.com/azurehound/${version}/AzureHound_${version}_linux_amd64.zip`,
      checksum_download_url: `https://downloads.example.com/azurehound/${version}/AzureHound_${version}_linux_amd64.zip.sha256`,
      os: 'linux',
      arch: 'amd64',
    }],
  });

  it('serves the configured file, releases newest first', async () => {
    const path = join(dir, 'kennel.json');
    const older = release('v3.0.0', '', '2025-03-01T10:00:00Z');
    const newer = release('v3.1.0-rc1', 'rc1', '2025-05-01T10:00:00+02:00');
    writeFileSync(path, JSON.stringify({ sharphound: [], azurehound: [older, newer] }));
    const t = await createTestApp({ env: { KENNEL_MANIFEST: path } });
    try {
      const res = await (await adminCaller(t)).get('/kennel/manifest');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: served({ sharphound: [], azurehound: [newer, older] }) });
      expect(res.body.data.azurehound[0].release_date).toBe('2025-05-01T08:00:00.000Z');
    } finally {
      await t.close();
    }
  });

  it('makes start-up fail with a message naming the file and the problem', async () => {
    const path = join(dir, 'bad.json');
    writeFileSync(path, JSON.stringify({ sharphound: [{ ...release('v3.0.0', '', '2025-03-01T10:00:00Z'), release_date: 'soon' }], azurehound: [] }));
    let moduleRef: TestingModule | undefined;
    const error = await createTestApp({
      env: { KENNEL_MANIFEST: path },
      // Keeps the module so the half-started app can be closed and its database dropped.
      customize: (builder) => {
        const compile = builder.compile.bind(builder);
        builder.compile = async (...args) => (moduleRef = await compile(...args));
        return builder;
      },
    }).then(() => undefined, (e: unknown) => e);
    const databaseUrl = process.env.DATABASE_URL!;
    await moduleRef?.close();
    const pg = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await pg.connect();
    await pg.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
    await pg.end();

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      `KENNEL_MANIFEST ${path} is not a valid collector release manifest: sharphound[0].release_date must be an RFC 3339 ` +
        'timestamp, e.g. 2025-01-31T00:00:00Z',
    );
  });
});
