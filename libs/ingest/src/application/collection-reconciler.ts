import { Injectable, Logger } from '@nestjs/common';
import { GraphLifecycle, type ReconcileReport } from '@app/graph';
import { IngestConfig } from '../ingest-config.js';
import { planReconciliation } from '../domain/reconciliation-rules.js';
import type { FileScope } from '../domain/collection-scope.js';
import { CollectionScopeStore } from './ports.js';

/** What reconciling one or more collections removed. */
export interface ReconcileSummary {
  collections: number;
  edges: number;
  objects: number;
}

/**
 * Reconciles the graph with finished collections (issue 18, `planReconciliation`): runs under the analysis lock,
 * before the analysis, which then recomputes the derived edges. Each collection is one transaction; its scopes are
 * dropped once it is reconciled (or at once with INGEST_RECONCILE=false, so they do not pile up).
 */
@Injectable()
export class CollectionReconciler {
  private readonly logger = new Logger('Reconciliation');

  constructor(
    private readonly scopes: CollectionScopeStore,
    private readonly graph: GraphLifecycle,
    private readonly config: IngestConfig,
  ) {}

  /** The collections of these upload jobs, and of client jobs that have ended. */
  async reconcileReady(jobIds: number[]): Promise<ReconcileSummary> {
    const summary: ReconcileSummary = { collections: 0, edges: 0, objects: 0 };
    for (const collection of await this.scopes.ready(jobIds)) {
      if (this.config.reconcile) add(summary, await this.reconcile(collection.name, collection.files));
      await this.scopes.remove(collection.rowIds);
    }
    return summary;
  }

  /** One collection's files, reconciled at once (the CLI's `ingest`, which has no upload job). */
  async reconcileFiles(name: string, files: FileScope[]): Promise<ReconcileSummary> {
    const summary: ReconcileSummary = { collections: 0, edges: 0, objects: 0 };
    if (this.config.reconcile) add(summary, await this.reconcile(name, files));
    return summary;
  }

  private async reconcile(name: string, files: FileScope[]): Promise<ReconcileReport | undefined> {
    const plan = planReconciliation(files);
    if (!plan) return undefined;
    const report = await this.graph.reconcile(plan);
    const families = Object.entries(report.byFamily).filter(([, n]) => n > 0).map(([family, n]) => `${family} ${n}`);
    this.logger.log(`${name}: ${report.objects} objects and ${report.edges} edges no longer reported removed` +
      (families.length > 0 ? ` (${families.join(', ')})` : ''));
    return report;
  }
}

function add(summary: ReconcileSummary, report: ReconcileReport | undefined): void {
  if (!report) return;
  summary.collections++;
  summary.edges += report.edges;
  summary.objects += report.objects;
}
