import { ApiPropertyOptional } from '@nestjs/swagger';
import { ApiError, BodyReader, INT64_MAX, INT64_MIN } from '@app/platform';
import { AnalysisErrors } from '../application/analysis-errors.js';
import type { WipeRequest } from '../domain/database-wipe.js';

/** POST /api/v2/clear-database body (documented here; read by `readWipeRequest`). */
export class DatabaseWipeDto {
  @ApiPropertyOptional({ description: 'every node and edge of the graph' }) deleteCollectedGraphData?: boolean;
  @ApiPropertyOptional({
    type: [Number], example: [1], description: 'the nodes of these source kinds (GET /api/v2/graphs/source-kinds; 0: nodes of none)',
  })
  deleteSourceKinds?: number[];
  @ApiPropertyOptional({ type: [String], example: ['HasSession'], description: 'every edge of these kinds' })
  deleteRelationships?: string[];
  @ApiPropertyOptional({ description: 'every file upload job, with its file results' }) deleteFileIngestHistory?: boolean;
  @ApiPropertyOptional({ description: 'every posture statistic' }) deleteDataQualityHistory?: boolean;
  @ApiPropertyOptional({ type: [Number], example: [1], description: 'the custom (non-default) selectors of these asset groups' })
  deleteAssetGroupSelectors?: number[];
}

const malformed = () => ApiError.badRequest(AnalysisErrors.jsonMalformed);

/** A Go `int` (64-bit): an integer JSON number in range; null decodes to 0, as Go leaves the zero value. */
const isGoInt = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= Number(INT64_MIN) && (value as number) <= Number(INT64_MAX);

/** The most items one list of the body may name (a directory has far fewer asset groups, source or edge kinds). */
export const MAX_WIPE_ITEMS = 1000;

function items<T>(body: BodyReader, field: keyof DatabaseWipeDto, is: (value: unknown) => value is T, zero: T): T[] {
  const list = body.array(field.toLowerCase()) ?? [];
  if (list.length > MAX_WIPE_ITEMS) throw ApiError.badRequest(AnalysisErrors.tooManyWipeItems(field, MAX_WIPE_ITEMS));
  return list.map((item) => {
    if (item === null) return zero;
    if (!is(item)) throw malformed();
    return item;
  });
}

/**
 * The request as Go decodes it into the reference's struct (field names without regard to case, null as the zero
 * value); anything it could not decode is 400 `JSON malformed.`.
 */
export function readWipeRequest(raw: unknown): WipeRequest {
  const body = BodyReader.of(raw, { foldCase: true, notObject: malformed, wrongType: malformed });
  return {
    deleteCollectedGraphData: body.boolean('deletecollectedgraphdata') === true,
    deleteSourceKinds: items(body, 'deleteSourceKinds', isGoInt, 0),
    deleteRelationships: items(body, 'deleteRelationships', (v): v is string => typeof v === 'string', ''),
    deleteFileIngestHistory: body.boolean('deletefileingesthistory') === true,
    deleteDataQualityHistory: body.boolean('deletedataqualityhistory') === true,
    deleteAssetGroupSelectors: items(body, 'deleteAssetGroupSelectors', isGoInt, 0),
  };
}
