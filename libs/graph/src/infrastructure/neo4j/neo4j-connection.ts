import { Inject, Injectable, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import neo4j, { type Driver, type ManagedTransaction } from 'neo4j-driver';
import { ApiError, remainingMs } from '@app/platform';
import { GraphConfig } from '../../graph-config.js';
import { Neo4jMessages, shortReason, toApiError } from './neo4j-errors.js';
import { schemaStatements } from './neo4j-schema.js';

export interface Neo4jSettings {
  url: string;
  user: string;
  password: string;
}

/** Builds the driver; a token so tests can hand in a fake. */
export const NEO4J_DRIVER_FACTORY = 'NEO4J_DRIVER_FACTORY';
export type Neo4jDriverFactory = (settings: Neo4jSettings) => Driver;

/** The real driver; integers come back as JavaScript numbers (node and edge ids stay far below 2^53). */
export function createNeo4jDriver(settings: Neo4jSettings): Driver {
  return neo4j.driver(settings.url, neo4j.auth.basic(settings.user, settings.password), { disableLosslessIntegers: true });
}

export const NEO4J_NOT_CONFIGURED = 'NEO4J_URL is not set';

export type Neo4jWork<T> = (tx: ManagedTransaction) => Promise<T>;

export interface Neo4jReadOptions {
  /** Records pulled per round trip; the query engine sets it to its row cap so a huge result is never streamed. */
  fetchSize?: number;
}

/**
 * The one Neo4j driver of the process and the units of work every Neo4j adapter runs in: a managed read or write
 * transaction whose server-side timeout is the time left before the request deadline, with driver errors mapped
 * to the wire (504 timeout, 503 unreachable, 400 for errors of the query itself).
 */
@Injectable()
export class Neo4jConnection implements OnModuleInit, OnModuleDestroy {
  private instance: Driver | undefined;

  constructor(
    private readonly config: GraphConfig,
    @Optional() @Inject(NEO4J_DRIVER_FACTORY) private readonly factory: Neo4jDriverFactory = createNeo4jDriver,
  ) {}

  /** Created on first use, so a process on the pg backend never opens a Neo4j connection. */
  get driver(): Driver {
    if (!this.instance) {
      if (!this.config.neo4j) throw new Error(NEO4J_NOT_CONFIGURED);
      this.instance = this.factory(this.config.neo4j);
    }
    return this.instance;
  }

  /** With GRAPH_DRIVER=neo4j: fails start-up when Neo4j is unreachable, then creates the schema (idempotent). */
  async onModuleInit(): Promise<void> {
    if (this.config.graphDriver !== 'neo4j') return;
    try {
      await this.driver.verifyConnectivity();
    } catch (error) {
      throw new Error(Neo4jMessages.unreachable(this.config.neo4j!.url, shortReason((error as Error).message)));
    }
    await this.ensureSchema();
  }

  /** Schema commands cannot share a transaction with data writes, so each runs on its own (auto-commit). */
  async ensureSchema(): Promise<void> {
    const session = this.driver.session({ defaultAccessMode: neo4j.session.WRITE });
    try {
      for (const statement of schemaStatements()) await session.run(statement);
    } finally {
      await session.close();
    }
  }

  async onModuleDestroy(): Promise<void> {
    const driver = this.instance;
    this.instance = undefined;
    await driver?.close();
  }

  /** Runs `work` in a read transaction under the current deadline. */
  read<T>(work: Neo4jWork<T>, options: Neo4jReadOptions = {}): Promise<T> {
    return this.run('read', work, options);
  }

  /** Runs `work` in a write transaction under the current deadline. */
  write<T>(work: Neo4jWork<T>): Promise<T> {
    return this.run('write', work, {});
  }

  private async run<T>(mode: 'read' | 'write', work: Neo4jWork<T>, options: Neo4jReadOptions): Promise<T> {
    const budget = Math.floor(remainingMs());
    if (budget <= 0) throw ApiError.timedOut();
    const session = this.driver.session({
      defaultAccessMode: mode === 'read' ? neo4j.session.READ : neo4j.session.WRITE,
      ...(options.fetchSize ? { fetchSize: options.fetchSize } : {}),
    });
    // The driver retries transient failures by calling `work` again; never start an attempt past the deadline.
    const attempt: Neo4jWork<T> = (tx) => (remainingMs() <= 0 ? Promise.reject(ApiError.timedOut()) : work(tx));
    try {
      const config = { timeout: budget };
      return await (mode === 'read' ? session.executeRead(attempt, config) : session.executeWrite(attempt, config));
    } catch (error) {
      throw toApiError(error);
    } finally {
      await session.close();
    }
  }
}
