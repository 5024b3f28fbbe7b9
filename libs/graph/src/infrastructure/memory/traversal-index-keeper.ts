import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { BackgroundTicks, Database, runWithRequestContext } from '@app/platform';
import { GraphConfig } from '../../graph-config.js';
import { PgGraphChanges } from '../pg/pg-graph-changes.js';
import { buildTraversalIndex, TraversalIndexTooLarge } from './traversal-index-builder.js';
import type { TraversalIndex } from './traversal-index.js';

/** off: not kept here; idle: kept but not started (no background work yet); the rest: what the last build did. */
export type TraversalIndexState = 'off' | 'idle' | 'building' | 'ready' | 'too-large' | 'failed';

/** What /health shows and the logs say of the index (snake_case: it goes on the wire as is). */
export interface TraversalIndexStatus {
  state: TraversalIndexState;
  version?: number;
  nodes?: number;
  edges?: number;
  bytes?: number;
  bytes_per_edge?: number;
  last_build_ms?: number;
  last_build_at?: string;
  last_catch_up_ms?: number;
  last_catch_up_at?: string;
  /** Why the last build failed or was refused (never a stack or a statement). */
  reason?: string;
}

/** More ids than this pending in the change log: rebuilding is cheaper than applying them one by one. */
const MAX_CATCH_UP_IDS = 250_000;
/** Hops and nodes outside the base arrays beyond which a background rebuild compacts them. */
const overlayBound = (index: TraversalIndex) => Math.max(100_000, index.edgeCount / 20);
/** Background catch-up, reader report and (every PRUNE_EVERY ticks) change-log pruning. */
const TICK_SECONDS = 5;
const PRUNE_EVERY = 12;
/** A failed build is retried after this many ticks. */
const RETRY_EVERY = 12;
/** The deadline of one build or catch-up: background work, not bound to any request. */
const BUILD_BUDGET_MS = 30 * 60_000;
const CATCH_UP_BUDGET_MS = 60_000;

/**
 * Keeps this instance's in-memory traversal index (graph-reference §2, deviation "instances hold state"): built in
 * the background by streaming from PostgreSQL, which stays the source of truth, then kept at the graph's
 * committed version from the change log. A query asks `current()` for an index at least as new as the version its
 * transaction sees; when the index cannot be brought there quickly (building, too far behind, failed, over its
 * memory cap) the answer is undefined and the SQL path answers.
 */
@Injectable()
export class TraversalIndexKeeper implements OnModuleDestroy {
  private readonly logger = new Logger('TraversalIndex');
  private readonly instance = randomUUID();
  /** Runs background work outside the async context of the request that triggered it (its transaction, its abort). */
  private readonly detached = AsyncLocalStorage.snapshot();
  private readonly ticks = new BackgroundTicks(this.logger, () => this.tick(), () => undefined);
  /** Aborted when the service stops: a build or catch-up in flight is cancelled on the server, never waited out. */
  private readonly stopping = new AbortController();
  private index: TraversalIndex | undefined;
  private state: TraversalIndexState;
  private reason: string | undefined;
  private building: Promise<void> | undefined;
  private catching: Promise<void> | undefined;
  private tickCount = 0;
  private lastBuild: { ms: number; at: Date } | undefined;
  private lastCatchUp: { ms: number; at: Date } | undefined;

  constructor(
    private readonly config: GraphConfig,
    private readonly database: Database,
    private readonly changes: PgGraphChanges,
  ) {
    this.state = config.traversalIndex ? 'idle' : 'off';
  }

  /**
   * Starts the background work (the API server does, once it listens; one-shot CLI commands do not): the first
   * build when the index is on, and on every PostgreSQL instance the ticks that prune the change log.
   */
  startBackground(): void {
    if (this.config.graphDriver !== 'pg' || this.ticks.started) return;
    this.ticks.start(TICK_SECONDS);
    if (this.config.traversalIndex) this.rebuild('start');
  }

  /** Resolves once the build in flight (if any) is over: for tests and the bench. */
  async settled(): Promise<void> {
    while (this.building || this.catching) await (this.building ?? this.catching);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.ticks.stop();
    await this.settled().catch(() => undefined);
  }

  /** Whether an index is built (it may still be behind a given transaction: ask `current`). */
  get ready(): boolean {
    return this.state === 'ready' && this.index !== undefined;
  }

  /**
   * The index, caught up to at least the graph version `manager`'s transaction sees, or undefined when it cannot
   * answer for that version now: read-your-writes holds whichever instance wrote.
   */
  async current(manager: EntityManager): Promise<TraversalIndex | undefined> {
    if (this.state !== 'ready' || !this.index) return undefined;
    const wanted = await this.changes.currentVersion(manager);
    if (this.index.version < wanted) await this.catchUp();
    return this.index && this.index.version >= wanted ? this.index : undefined;
  }

  /**
   * As `current`, but when the index is being built (at start, or rebuilt after a large ingest left it too far
   * behind) waits for that build first: a few seconds, against the minutes of work (analysis) that then walks it.
   */
  async currentAfterBuild(manager: EntityManager): Promise<TraversalIndex | undefined> {
    const index = await this.current(manager);
    if (index || !this.building) return index;
    await this.settled().catch(() => undefined);
    return this.current(manager);
  }

  /** A search over the index failed unexpectedly: logged, the index is rebuilt, the SQL path answers meanwhile. */
  fault(error: unknown): void {
    this.logger.error(`in-memory search failed, answering from SQL and rebuilding: ${messageOf(error)}`);
    this.index = undefined;
    this.state = 'failed';
    this.reason = 'search fault';
    this.rebuild('fault');
  }

  status(): TraversalIndexStatus {
    const index = this.index;
    const sized = index && {
      version: index.version,
      nodes: index.nodeCount,
      edges: index.edgeCount,
      bytes: index.bytes,
      bytes_per_edge: index.edgeCount > 0 ? Math.round((index.bytes / index.edgeCount) * 10) / 10 : undefined,
    };
    return {
      state: this.state,
      ...sized,
      last_build_ms: this.lastBuild?.ms,
      last_build_at: this.lastBuild?.at.toISOString(),
      last_catch_up_ms: this.lastCatchUp?.ms,
      last_catch_up_at: this.lastCatchUp?.at.toISOString(),
      reason: this.reason,
    };
  }

  private async tick(): Promise<void> {
    this.tickCount += 1;
    if (this.config.traversalIndex) {
      if ((this.state === 'failed' || this.state === 'too-large') && this.tickCount % RETRY_EVERY === 0) this.rebuild('retry');
      if (this.state === 'ready') await this.catchUp();
      if (this.index) await this.changes.report(this.instance, this.index.version);
    }
    if (this.tickCount % PRUNE_EVERY === 0) await this.changes.prune();
  }

  /** One catch-up at a time; concurrent callers share it. */
  private catchUp(): Promise<void> {
    this.catching ??= this.background(CATCH_UP_BUDGET_MS, () => this.applyChanges()).finally(() => {
      this.catching = undefined;
    });
    return this.catching;
  }

  private async applyChanges(): Promise<void> {
    const index = this.index;
    if (!index) return;
    const started = performance.now();
    // Only the version row first: nothing else is read (or waited for, behind a lock on the graph) when nothing changed.
    if ((await this.changes.currentVersion()) <= index.version) return;
    const run = await this.changes.since(index.version, MAX_CATCH_UP_IDS);
    if (run.pruned || run.tooMany || run.changes.reset) {
      this.rebuild(run.changes.reset ? 'graph cleared' : run.pruned ? 'change log pruned past the index' : 'too many changes');
      return;
    }
    if (run.version <= index.version) return;
    try {
      index.apply(run.changes, run.version);
    } catch (error) {
      // A change the index cannot place (an edge to a node it never saw): start afresh; SQL answers meanwhile.
      this.logger.warn(`could not apply version ${run.version}, rebuilding: ${messageOf(error)}`);
      if (this.index === index) this.index = undefined;
      this.state = 'building';
      this.rebuild('change not applicable');
      return;
    }
    this.lastCatchUp = { ms: Math.round(performance.now() - started), at: new Date() };
    this.logger.debug(`caught up to version ${index.version} in ${this.lastCatchUp.ms} ms`);
    if (index.overlaySize > overlayBound(index)) this.rebuild('compaction');
  }

  /** Builds a new index in the background; the current one (if any) answers until the new one replaces it. */
  private rebuild(why: string): void {
    if (this.building) return;
    if (!this.index) this.state = 'building';
    this.building = this.background(BUILD_BUDGET_MS, () => this.build(why)).finally(() => {
      this.building = undefined;
    });
  }

  private async build(why: string): Promise<void> {
    const started = performance.now();
    try {
      const index = await buildTraversalIndex(this.database, {
        maxBytes: this.config.traversalIndexMaxBytes,
        readVersion: (manager) => this.changes.currentVersion(manager),
      });
      this.index = index;
      this.state = 'ready';
      this.reason = undefined;
      this.lastBuild = { ms: Math.round(performance.now() - started), at: new Date() };
      const mb = (index.bytes / 1048576).toFixed(1);
      this.logger.log(
        `built (${why}) in ${this.lastBuild.ms} ms: version ${index.version}, ${index.nodeCount} nodes, ` +
          `${index.edgeCount} edges, ${mb} MB`,
      );
    } catch (error) {
      // Cancelled because the service stops: nothing failed.
      if (this.stopping.signal.aborted) return;
      this.index = undefined;
      this.state = error instanceof TraversalIndexTooLarge ? 'too-large' : 'failed';
      this.reason = messageOf(error);
      const log = `not built (${why}), pathfinding answers from SQL: ${this.reason}`;
      if (this.state === 'too-large') this.logger.warn(log);
      else this.logger.error(log);
      return;
    }
    // Writes committed while it streamed are in the change log.
    await this.applyChanges();
  }

  private background(budgetMs: number, work: () => Promise<void>): Promise<void> {
    const context = { requestId: `traversal-index-${this.instance}`, deadline: Date.now() + budgetMs, signal: this.stopping.signal };
    return this.detached(() => runWithRequestContext(context, work)).catch((error: unknown) => {
      if (!this.stopping.signal.aborted) this.logger.error(`background work failed: ${messageOf(error)}`);
    });
  }
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 200);
}
