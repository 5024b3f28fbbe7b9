import { ApiProperty } from '@nestjs/swagger';

/** OpenAPI schemas of the kind lists, the edge types, completeness and the older flat graph map. */
export class KindListView {
  @ApiProperty({ type: [String], example: ['ADLocalGroup', 'AZApp'], description: 'kind names in byte order' })
  kinds: string[];
}

export class SourceKindView {
  @ApiProperty({ example: 1, description: '0 for the synthetic Sourceless entry' }) id: number;
  @ApiProperty({ example: 'Base' }) name: string;
}

export class SourceKindListView {
  @ApiProperty({ type: [SourceKindView], description: 'Base, AZBase, then Sourceless (id 0) last' })
  kinds: SourceKindView[];
}

export class EdgeTypeView {
  @ApiProperty({ example: 6 }) id: number;
  @ApiProperty({ example: 'MemberOf' }) name: string;
  @ApiProperty({ example: '' }) description: string;
  @ApiProperty() is_traversable: boolean;
  @ApiProperty({ enum: ['ad', 'az'] }) schema_name: string;
  @ApiProperty({ description: 'always true: the schema holds only built-in edge kinds' }) is_builtin: boolean;
}

export class CompletenessView {
  @ApiProperty({ minimum: 0, maximum: 1, description: 'share of active enabled Windows computers with local-group edges' })
  LocalGroupCompleteness: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: 'share of active enabled users with a session' })
  SessionCompleteness: number;
}

export const LEGACY_GRAPH_SCHEMA = {
  type: 'object',
  description: 'nodes keyed by node id ({label: {text}, data}), edges keyed rel_<edge id> ({id1, id2, label: {text}, data})',
  additionalProperties: {
    type: 'object',
    properties: {
      label: { type: 'object', properties: { text: { type: 'string' } } },
      data: { type: 'object', additionalProperties: true },
      id1: { type: 'string', description: 'edges: node id of the start node' },
      id2: { type: 'string', description: 'edges: node id of the end node' },
    },
  },
} as const;
