import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';

/** OpenAPI schemas of the graph wire shapes (spec §2.2); the presenters build the values. */
export class GraphNodeView {
  @ApiProperty({ description: 'name, else objectid' }) label: string;
  @ApiProperty({ example: 'User', description: 'primary display kind' }) kind: string;
  @ApiProperty({ type: [String], example: ['Base', 'User'] }) kinds: string[];
  @ApiProperty() objectId: string;
  @ApiProperty() isTierZero: boolean;
  @ApiProperty() isOwnedObject: boolean;
  @ApiProperty({ format: 'date-time' }) lastSeen: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'only with include_properties' })
  properties?: Record<string, unknown>;
}

export class GraphEdgeView {
  @ApiProperty({ description: 'the edge\'s id' }) id: number;
  @ApiProperty({ description: 'node id of the start node' }) source: string;
  @ApiProperty({ description: 'node id of the end node' }) target: string;
  @ApiProperty({ example: 'MemberOf' }) label: string;
  @ApiProperty({ example: 'MemberOf' }) kind: string;
  @ApiProperty({ format: 'date-time' }) lastSeen: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) properties?: Record<string, unknown>;
}

export class LiteralView {
  @ApiProperty({ example: 'count(n)' }) key: string;
  @ApiProperty({ example: '42', description: 'numbers and booleans as their text, lists and maps as JSON' }) value: string;
}

export class GraphView {
  @ApiProperty({
    type: 'object', additionalProperties: { $ref: getSchemaPath(GraphNodeView) }, description: 'keyed by node id',
  })
  nodes: Record<string, GraphNodeView>;
  @ApiProperty({ type: [GraphEdgeView] }) edges: GraphEdgeView[];
  @ApiProperty({ type: [LiteralView] }) literals: LiteralView[];
}

export class CypherResultView extends GraphView {
  @ApiPropertyOptional({ type: [String], description: 'sorted union of node property keys (include_properties)' })
  node_keys?: string[];
  @ApiPropertyOptional({ type: [String], description: 'sorted union of edge property keys (include_properties)' })
  edge_keys?: string[];
}

export class SearchResultView {
  @ApiProperty() objectid: string;
  @ApiProperty({ example: 'User' }) type: string;
  @ApiProperty() name: string;
  @ApiProperty() distinguishedname: string;
  @ApiProperty() system_tags: string;
}

export class NodeListEntryView {
  @ApiProperty() objectID: string;
  @ApiProperty() name: string;
  @ApiProperty({ example: 'Computer' }) label: string;
  @ApiProperty({ type: [String] }) kinds: string[];
}

export class EntityInfoView {
  @ApiProperty({ type: [String] }) kinds: string[];
  @ApiProperty({ type: 'object', additionalProperties: true }) props: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'principals with control over the CA (counts=true)' }) controllers?: number;
  @ApiPropertyOptional({ name: 'pki-hierarchy', description: 'nodes of its PKI hierarchy (counts=true)' }) pkiHierarchy?: number;
}
