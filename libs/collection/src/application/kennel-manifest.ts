import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigError } from '@app/platform';
import { CollectionConfig } from '../collection-config.js';
import { InvalidReleaseManifest, parseReleaseManifest, type ReleaseManifest } from '../domain/release-manifest.js';
import { BUNDLED_KENNEL_MANIFEST } from './bundled-kennel-manifest.js';
import { CollectorFiles } from './collector-files.js';

/** Far above any real manifest (a few KiB per release); a larger file is a mistake. */
export const MAX_KENNEL_MANIFEST_BYTES = 1024 * 1024;

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'not a regular file',
};

/**
 * The community collector release manifest (GET /api/v2/kennel/manifest): KENNEL_MANIFEST's file, or the bundled
 * one. Read and checked once at start: a file that cannot be read or does not hold a valid manifest stops start-up
 * with a ConfigError naming the file and the problem, rather than failing on the first request.
 */
@Injectable()
export class KennelManifest implements OnModuleInit {
  private manifest: ReleaseManifest | undefined;

  constructor(private readonly config: CollectionConfig, private readonly files: CollectorFiles) {}

  async onModuleInit(): Promise<void> {
    this.manifest = await this.load();
  }

  /** The manifest read at start, releases newest first per collector type. */
  current(): ReleaseManifest {
    if (this.manifest === undefined) throw new Error('the kennel manifest is read at start-up (onModuleInit)');
    return this.manifest;
  }

  private async load(): Promise<ReleaseManifest> {
    const path = this.config.kennelManifestPath;
    if (path === undefined) return check('the bundled kennel manifest', BUNDLED_KENNEL_MANIFEST);
    const source = `KENNEL_MANIFEST ${path}`;
    let text: string;
    try {
      text = await this.files.readManifestFile(path, MAX_KENNEL_MANIFEST_BYTES);
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      throw new ConfigError(`${source} cannot be read: ${REASONS[code ?? ''] ?? message}`);
    }
    let document: unknown;
    try {
      document = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new ConfigError(`${source} is not valid JSON: ${(error as Error).message}`);
    }
    return check(source, document);
  }
}

function check(source: string, document: unknown): ReleaseManifest {
  try {
    return parseReleaseManifest(document);
  } catch (error) {
    if (error instanceof InvalidReleaseManifest) throw new ConfigError(`${source} is not a valid collector release manifest: ${error.message}`);
    throw error;
  }
}
