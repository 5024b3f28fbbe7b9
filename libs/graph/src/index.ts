export * from './domain/graph.js';
export * from './domain/kinds.js';
export * from './application/ports.js';
export * from './graph.module.js';
export { GraphSchema1732240000300 } from './infrastructure/migrations/1732240000300-graph-schema.js';
