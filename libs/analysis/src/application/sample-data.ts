import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalFiles, type FileResult } from '@app/ingest';
import { Clock, EMBEDDED_POSTGRES, type EmbeddedPostgresHandle } from '@app/platform';
import { AnalysisConfig } from '../analysis-config.js';
import { Datapipe } from './datapipe.js';
import { DatapipeStatusStore } from './datapipe-ports.js';

/** Where the sample data sits, from the repository (or dist/) root. */
const SAMPLE_DATA_FILE = join('assets', 'sample-data', 'ad_sampledata.zip');

/** What `load` did. */
export type SampleDataOutcome =
  | { loaded: false; reason: 'not wanted' | 'already loaded' }
  | { loaded: true; files: FileResult[] };

/**
 * The bundled sample data (BloodHound's AD sample, SharpHound v6): ingested and analysed in the background once
 * the server listens, when SAMPLE_DATA is true, or (unset) on the very first start of an embedded database. Never
 * twice into one database: the first instance to claim it (datapipe_status.sample_data_at) loads it.
 */
@Injectable()
export class SampleData {
  private readonly logger = new Logger('SampleData');
  private loading: Promise<unknown> | undefined;

  constructor(
    private readonly config: AnalysisConfig,
    private readonly status: DatapipeStatusStore,
    private readonly files: LocalFiles,
    private readonly datapipe: Datapipe,
    private readonly clock: Clock,
    @Optional() @Inject(EMBEDDED_POSTGRES) private readonly embedded: EmbeddedPostgresHandle | null = null,
  ) {}

  /** SAMPLE_DATA, or by default whether this start created the embedded database. */
  wanted(): boolean {
    return this.config.sampleData ?? this.embedded?.initialised === true;
  }

  /**
   * Loads the sample data in the background when wanted; failures are logged. Stopping the service during its
   * analysis is no failure: the datapipe requests that analysis again for the next start.
   */
  startInBackground(): void {
    if (!this.wanted() || this.loading) return;
    this.loading = this.load().then(
      (outcome) => {
        if (outcome.loaded) this.logger.log(`sample data loaded: ${outcome.files.length} files`);
      },
      (error: unknown) => {
        if (!this.datapipe.stopping) this.logger.error(`sample data failed: ${(error as Error)?.message ?? String(error)}`);
      },
    );
  }

  /** Resolves once a background load (if any) has finished. */
  async settled(): Promise<void> {
    await this.loading;
  }

  /** Ingests then analyses the sample data, unless not wanted or already loaded into this database. */
  async load(path: string = bundledSampleData()): Promise<SampleDataOutcome> {
    if (!this.wanted()) return { loaded: false, reason: 'not wanted' };
    if (!(await this.status.claimSampleData(this.clock.now()))) return { loaded: false, reason: 'already loaded' };
    const files = await this.datapipe.ingest(() => this.files.ingest(path));
    const failed = files.filter((file) => file.errors.length > 0);
    for (const file of failed) this.logger.warn(`sample data file ${file.fileName} failed: ${file.errors.join('; ')}`);
    await this.datapipe.analyze();
    return { loaded: true, files };
  }
}

/** The sample data file, found upwards from this module (source tree and dist/ alike). */
export function bundledSampleData(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 8; up++) {
    const candidate = join(dir, SAMPLE_DATA_FILE);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`sample data not found: ${SAMPLE_DATA_FILE} in no parent folder of ${fileURLToPath(import.meta.url)}`);
}
