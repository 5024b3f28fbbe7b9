/** Test fakes, fixtures and contract suites of the graph library (tests only; never part of the service). */
export * from './in-memory-graph.store.js';
export * from './graph-fixture.js';
export * from './graph-store.contract.js';
export * from './graph-query.contract.js';
