import { Injectable, Logger } from '@nestjs/common';
import { CustomSelectorRemoval } from '@app/asset-groups';
import { GraphLifecycle } from '@app/graph';
import { IngestWork } from '@app/ingest';
import { ApiError, Clock } from '@app/platform';
import { PostureWriter } from '@app/posture';
import { planWipe, type WipeRefusal, type WipeRequest } from '../domain/database-wipe.js';
import { AnalysisErrors } from './analysis-errors.js';
import { AnalysisLock, AnalysisRequestStore } from './datapipe-ports.js';

function refusal(refused: WipeRefusal): string {
  switch (refused.reason) {
    case 'nothingSelected': return AnalysisErrors.nothingSelected;
    case 'graphAndSourceKinds': return AnalysisErrors.graphAndSourceKinds;
    case 'unknownSourceKind': return AnalysisErrors.unknownSourceKind(refused.id);
  }
}

/** A name no kind can have (NUL) is never sent to the database. */
const isKindName = (name: string) => !name.includes('\u0000');

const busy = () => ApiError.conflict(AnalysisErrors.wipeWhileBusy);

/**
 * POST /api/v2/clear-database: deletes what each flag names and nothing else, at once rather than by a queued
 * request as the reference does. Under the analysis lock, taken without waiting (409 while an analysis holds it, or
 * while uploads wait for or are in ingest): the wipe never interleaves with an analysis of this data or with a file
 * half ingested. Wiping the graph commits a graph version, so no traversal index answers from the wiped graph.
 * Graph data or selectors deleted: an analysis is requested, which re-evaluates tags and posture on what is left.
 */
@Injectable()
export class DatabaseWipe {
  private readonly logger = new Logger('DatabaseWipe');

  constructor(
    private readonly lock: AnalysisLock,
    private readonly ingestWork: IngestWork,
    private readonly graph: GraphLifecycle,
    private readonly selectors: CustomSelectorRemoval,
    private readonly posture: PostureWriter,
    private readonly requests: AnalysisRequestStore,
    private readonly clock: Clock,
  ) {}

  async wipe(request: WipeRequest, requestedBy: string): Promise<void> {
    const plan = planWipe(request);
    if ('reason' in plan) throw ApiError.badRequest(refusal(plan));
    await this.lock.exclusivelyIfFree(async () => {
      // Checked under the lock: an ingest that starts later finds the graph wiped and writes its file whole after it.
      if (await this.ingestWork.busy()) throw busy();
      // Graph data first and on its own: its failure fails the request, as the reference's does (no partial report).
      if (plan.graph) {
        const report = await this.graph.wipe(plan.graph);
        this.logger.log(`graph data wiped by ${requestedBy}: ${report.nodes} nodes`);
      }
      const failed: string[] = [];
      const attempt = async (item: string, work: () => Promise<unknown>) => {
        try {
          await work();
          return true;
        } catch (error) {
          this.logger.error(`clearing ${item} failed: ${(error as Error)?.message ?? String(error)}`);
          failed.push(item);
          return false;
        }
      };
      const selectorsGone = request.deleteAssetGroupSelectors.length > 0
        && await attempt('custom high value selectors', () => this.selectors.removeCustomSelectors(request.deleteAssetGroupSelectors));
      const edgesGone = request.deleteRelationships.length > 0 && await attempt('graph edges', () => this.graph.wipe({
        all: false, sourceKinds: [], sourceless: false, edgeKinds: [...new Set(request.deleteRelationships)].filter(isKindName),
      }));
      // What analysis derived from what is gone (tags, derived edges, posture) is stale until it runs again.
      if (plan.graph || selectorsGone || edgesGone) await this.requests.request({ requestedBy, requestedAt: this.clock.now() });
      if (request.deleteFileIngestHistory) await attempt('file ingest history', () => this.ingestWork.removeHistory());
      if (request.deleteDataQualityHistory) await attempt('data quality history', () => this.posture.removeAll());
      if (failed.length > 0) throw new ApiError(500, [AnalysisErrors.wipeFailed(failed)]);
    }, busy);
  }
}
