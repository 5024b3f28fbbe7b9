import { describe, expect, it } from '@jest/globals';
import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Database } from '@app/platform';
import { GraphQueryEngine, GraphStore, NodeSearch } from './application/ports.js';
import { GraphConfig, graphConfigSlice } from './graph-config.js';
import { GraphModule } from './graph.module.js';
import { Neo4jGraphStore } from './infrastructure/neo4j/neo4j-graph.store.js';
import { Neo4jNodeSearch } from './infrastructure/neo4j/neo4j-node-search.js';
import { Neo4jQueryEngine } from './infrastructure/neo4j/neo4j-query-engine.js';
import { PgGraphStore } from './infrastructure/pg/pg-graph.store.js';
import { PgNodeSearch } from './infrastructure/pg/pg-node-search.js';
import { PgQueryEngine } from './infrastructure/pg/pg-query-engine.js';

/** The module's adapters for a configuration; nothing connects (compile runs no lifecycle hooks). */
async function adapters(env: Record<string, string>) {
  @Global()
  @Module({
    providers: [{ provide: GraphConfig, useValue: graphConfigSlice.read(env) }, { provide: Database, useValue: {} }],
    exports: [GraphConfig, Database],
  })
  class PlatformStub {}

  const moduleRef = await Test.createTestingModule({ imports: [PlatformStub, GraphModule] }).compile();
  return { store: moduleRef.get(GraphStore), engine: moduleRef.get(GraphQueryEngine), search: moduleRef.get(NodeSearch) };
}

describe('GraphModule', () => {
  it('binds the PostgreSQL adapters by default', async () => {
    const { store, engine, search } = await adapters({});
    expect(store).toBeInstanceOf(PgGraphStore);
    expect(engine).toBeInstanceOf(PgQueryEngine);
    expect(search).toBeInstanceOf(PgNodeSearch);
  });

  it('binds the Neo4j adapters when GRAPH_DRIVER=neo4j', async () => {
    const { store, engine, search } = await adapters({ GRAPH_DRIVER: 'neo4j', NEO4J_URL: 'neo4j://graph.invalid:7687' });
    expect(store).toBeInstanceOf(Neo4jGraphStore);
    expect(engine).toBeInstanceOf(Neo4jQueryEngine);
    expect(search).toBeInstanceOf(Neo4jNodeSearch);
  });
});
