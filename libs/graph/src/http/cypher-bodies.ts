import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError } from '@app/platform';
import { GraphErrors } from '../application/graph-errors.js';

/**
 * POST /api/v2/graphs/cypher body. Documented here; read by `readCypherBody` rather than the validation pipe,
 * because every shape problem must answer the reference's single text `JSON malformed.`.
 */
export class CypherQueryDto {
  @ApiProperty({ example: 'MATCH (n:User) RETURN n LIMIT 10' }) query: string;
  @ApiPropertyOptional({ default: false, description: 'include node and edge properties, node_keys and edge_keys' })
  include_properties?: boolean;
}

/** The query and flag of a Cypher request; 400 `JSON malformed.` for anything the reference could not decode. */
export function readCypherBody(body: unknown): { query: string; includeProperties: boolean } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw ApiError.badRequest(GraphErrors.jsonMalformed);
  const { query, include_properties: flag } = body as Record<string, unknown>;
  if (typeof query !== 'string') throw ApiError.badRequest(GraphErrors.jsonMalformed);
  // JSON null decodes to the zero value (false), as Go's decoder leaves a bool untouched by null.
  if (flag !== undefined && flag !== null && typeof flag !== 'boolean') throw ApiError.badRequest(GraphErrors.jsonMalformed);
  return { query, includeProperties: flag === true };
}
