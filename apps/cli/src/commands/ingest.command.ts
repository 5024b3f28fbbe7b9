import type { Command } from 'commander';
import { Datapipe } from '@app/analysis';
import { CollectionReconciler, LocalFiles, scopeOfResult, type FileResult, type ReconcileSummary } from '@app/ingest';
import { withAppContext } from '../app-context.js';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { collectPaths } from '../ingest/collect-paths.js';
import { IngestProgressLine } from '../ingest/progress.js';
import { plural } from '../plural.js';
import { describeAnalysis } from './analyze.command.js';

export interface IngestOptions {
  analyze: boolean;
}

/** Printed instead of the analysis when no file wrote a single object: the graph is as it was. */
const ANALYSIS_SKIPPED = 'Analysis skipped: nothing was ingested.';

/**
 * Ingests collector files (JSON, zip, gzip) and folders of them straight into the database, then analyses unless
 * told not to or nothing was ingested. Results per file on standard output; progress on standard error. A file that
 * failed makes the command fail (exit 1) once everything else is ingested and analysed.
 */
export async function ingest(io: CliIo, paths: string[], options: IngestOptions): Promise<void> {
  const files = await collectPaths(paths);
  if (files.length === 0) throw new CliError('no .json or .zip file found in the given folders');
  const results = await withAppContext(io, async (app) => {
    const local = app.get(LocalFiles);
    const datapipe = app.get(Datapipe);
    const progress = new IngestProgressLine((text) => io.err(text), io.errIsTty === true, files.length);
    const all: FileResult[] = [];
    const reconciled = await datapipe.ingest(async () => {
      try {
        for (const file of files) {
          all.push(...(await local.ingest(file, { progress: (n) => progress.add(n) })));
          progress.fileDone(file);
        }
      } finally {
        progress.finish();
      }
      // The files given are one collection: what it covers and no longer reports leaves the graph.
      return app.get(CollectionReconciler).reconcileFiles('cli ingest', all.flatMap((result) => scopeOfResult(result, new Date()) ?? []));
    });
    io.out(describeIngest(all, progress.rate()));
    if (reconciled.collections > 0) io.out(describeReconciled(reconciled));
    if (!options.analyze) return all;
    // Nothing new in the graph: a full analysis would only recompute what it already holds.
    const ingested = all.some((result) => result.objects > 0);
    io.out(`${ingested ? describeAnalysis(await datapipe.analyze()) : ANALYSIS_SKIPPED}\n`);
    return all;
  });
  const failed = results.filter((result) => result.errors.length > 0).length;
  if (failed > 0) throw new CliError(`${failed} of ${plural(results.length, 'file')} could not be ingested (see above)`);
}

/** One line per file, its errors under it, then the totals. */
export function describeIngest(results: FileResult[], rate: number): string {
  const lines = results.map((result) => {
    const name = result.parentFileName ? `${result.parentFileName}: ${result.fileName}` : result.fileName;
    const kind = result.type ? `${result.type}, ` : '';
    const warnings = result.warnings.length > 0 ? `, ${plural(result.warnings.length, 'warning')}` : '';
    const head = `  ${name}: ${kind}${plural(result.objects, 'object')}${warnings}`;
    return [head, ...result.errors.map((error) => `    error: ${error}`)].join('\n');
  });
  const objects = results.reduce((sum, result) => sum + result.objects, 0);
  return `${lines.join('\n')}\nIngested ${plural(results.length, 'file')}: ${plural(objects, 'object')} (${rate} objects/s).\n`;
}

export function describeReconciled(summary: ReconcileSummary): string {
  return `No longer reported, removed: ${plural(summary.objects, 'object')} and ${plural(summary.edges, 'edge')}.\n`;
}

export function registerIngestCommand(program: Command, io: CliIo): void {
  program
    .command('ingest')
    .description('ingest collector files (SharpHound/AzureHound JSON, zip, gzip) and folders of them, then analyse (unless nothing was ingested)')
    .argument('<paths...>', 'files, zips, or folders (every .json and .zip inside, recursively)')
    .option('--no-analyze', 'skip the analysis after ingest')
    .action((paths: string[], options: IngestOptions) => ingest(io, paths, options));
}
