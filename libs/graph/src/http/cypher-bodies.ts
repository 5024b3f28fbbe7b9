import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError, BodyReader } from '@app/platform';
import { GraphErrors } from '../application/graph-errors.js';

/**
 * POST /api/v2/graphs/cypher body. Documented here; read by `readCypherBody` (the BodyReader) rather than the
 * validation pipe, because every shape problem must answer the reference's single text `JSON malformed.`.
 */
export class CypherQueryDto {
  @ApiProperty({ example: 'MATCH (n:User) RETURN n LIMIT 10' }) query: string;
  @ApiPropertyOptional({ default: false, description: 'include node and edge properties, node_keys and edge_keys' })
  include_properties?: boolean;
}

const malformed = () => ApiError.badRequest(GraphErrors.jsonMalformed);

/** The query and flag of a Cypher request; 400 `JSON malformed.` for anything the reference could not decode. */
export function readCypherBody(raw: unknown): { query: string; includeProperties: boolean } {
  const body = BodyReader.of(raw, { notObject: malformed, wrongType: malformed });
  const query = body.string('query', { missing: malformed });
  // JSON null decodes to the zero value (false), as Go's decoder leaves a bool untouched by null.
  return { query, includeProperties: body.boolean('include_properties') === true };
}
