import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/** Small collector files copied unchanged from the shared fixtures (v5 computers, v6 issuance policies, AzureHound). */
export const COLLECTOR_FIXTURES = resolve(process.cwd(), 'test/fixtures/collectors');

/** The bundled official sample data (byte-identical to the shared fixture `sharphound/ad_sampledata.zip`). */
export const SAMPLE_ZIP = resolve(process.cwd(), 'assets/sample-data/ad_sampledata.zip');

/** Extracts a trusted test zip's files into `folder` (base names only); resolves to their paths. */
export async function extractZip(path: string, folder: string): Promise<string[]> {
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) =>
    yauzl.open(path, { lazyEntries: true }, (error, file) => (error ? fail(error) : ok(file))));
  const names: string[] = [];
  await new Promise<void>((ok, fail) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(error);
        const target = join(folder, basename(entry.fileName));
        names.push(target);
        pipeline(stream, createWriteStream(target)).then(() => zip.readEntry(), fail);
      });
    });
    zip.on('end', () => ok());
    zip.on('error', fail);
    zip.readEntry();
  });
  zip.close();
  return names;
}

let sampleDir: Promise<string> | undefined;

/** The sample data's 31 files as loose files, extracted once per test process into a temporary folder. */
export function sampleDataDir(): Promise<string> {
  sampleDir ??= (async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pathwarden-sample-data-'));
    await extractZip(SAMPLE_ZIP, folder);
    return folder;
  })();
  return sampleDir;
}
