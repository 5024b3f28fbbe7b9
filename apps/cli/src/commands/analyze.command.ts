import type { Command } from 'commander';
import { Datapipe, type AnalysisReport } from '@app/analysis';
import { withAppContext } from '../app-context.js';
import type { CliIo } from '../cli-io.js';
import { plural } from '../plural.js';

/** The one-line account of an analysis. */
export function describeAnalysis(report: AnalysisReport): string {
  const changed = report.steps.reduce((sum, step) => sum + step.changed, 0);
  return `Analysis complete: ${plural(changed, 'row')} from post-processing, ${plural(report.tags, 'tag')} evaluated, ` +
    `${plural(report.postureRows, 'posture row')}.`;
}

/** Runs an analysis now (post-processing, tags, posture), as the datapipe would. */
export async function analyze(io: CliIo): Promise<void> {
  const report = await withAppContext(io, (app) => app.get(Datapipe).analyze());
  io.out(`${describeAnalysis(report)}\n`);
}

export function registerAnalyzeCommand(program: Command, io: CliIo): void {
  program
    .command('analyze')
    .description('analyse the graph now: post-processing, tag evaluation, posture statistics')
    .action(() => analyze(io));
}
