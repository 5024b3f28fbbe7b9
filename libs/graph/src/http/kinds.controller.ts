import { Controller, Get, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  ApiErrors, data, dataSchema, defineListSpec, type ListSpec, parseListQuery, Permissions, type RawQuery, RequirePermission,
} from '@app/platform';
import { type KindFilter, KindQueries } from '../application/kind-queries.js';
import { presentEdgeType } from './graph-helper-presenters.js';
import { EdgeTypeView, KindListView, SourceKindListView } from './graph-helper-views.js';

// The filters are applied in memory; `sql` names the column only because a list spec requires one.
const KIND_FILTERS = defineListSpec({
  filters: { type: { type: 'string', sql: 'type', operators: ['eq', 'neq'] } },
  sortable: {}, defaultSort: [{ sql: 'name', direction: 'ASC' }], paging: false,
});
const EDGE_TYPE_FILTERS = defineListSpec({
  filters: {
    is_traversable: { type: 'boolean', sql: 'is_traversable' },
    schema_names: { type: 'string', sql: 'schema_name' },
  },
  sortable: {}, defaultSort: [{ sql: 'id', direction: 'ASC' }], paging: false,
});

/** The filters of a kind list; sort_by is a pagination parameter there, ignored as the reference ignores it. */
function readFilters<T>(spec: ListSpec, query: RawQuery, column: string): KindFilter<T>[] {
  const { sort_by: _ignored, ...filters } = query;
  return parseListQuery(spec, filters).filters
    .filter((predicate) => predicate.column === column)
    .map((predicate) => ({ op: predicate.op as KindFilter<T>['op'], value: predicate.value as T | null }));
}

@ApiTags('Graph')
@ApiExtraModels(KindListView, SourceKindListView, EdgeTypeView)
@Controller()
export class KindsController {
  constructor(private readonly kinds: KindQueries) {}

  @Get('graphs/kinds')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'Every kind the graph knows',
    description: 'Node and edge kinds, tag kinds included, in byte order. `type=eq:node` / `eq:edge` (or `neq:`) keeps '
      + 'one element; several type filters keep what any of them keeps.',
  })
  @ApiQuery({ name: 'type', required: false, isArray: true, description: 'eq:node, eq:edge, neq:node, neq:edge' })
  @ApiOkResponse({ schema: dataSchema({ $ref: getSchemaPath(KindListView) }) })
  @ApiErrors(400, 401, 403)
  async list(@Query() query: RawQuery) {
    return data({ kinds: await this.kinds.kinds(readFilters<string>(KIND_FILTERS, query, 'type')) });
  }

  @Get('graphs/source-kinds')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'The kinds that mark where a node comes from',
    description: 'Base (AD) and AZBase (Azure), then `{"id": 0, "name": "Sourceless"}` for nodes of neither; '
      + 'POST /api/v2/clear-database names source kinds by these ids.',
  })
  @ApiOkResponse({ schema: dataSchema({ $ref: getSchemaPath(SourceKindListView) }) })
  @ApiErrors(401, 403)
  sourceKinds() {
    return data({ kinds: this.kinds.sourceKinds() });
  }

  @Get('graph-schema/edges')
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'The edge types of the graph schema',
    description: 'The built-in AD (`ad`) and Azure (`az`) edge kinds. is_traversable filters must all hold; '
      + 'schema_names filters (eq, neq, ~eq) are alternatives.',
  })
  @ApiQuery({ name: 'is_traversable', required: false, description: 'eq:true, neq:false, ...' })
  @ApiQuery({ name: 'schema_names', required: false, isArray: true, description: 'eq:ad, ~eq:a, ...' })
  @ApiOkResponse({ schema: dataSchema({ type: 'array', items: { $ref: getSchemaPath(EdgeTypeView) } }) })
  @ApiErrors(400, 401, 403)
  edgeTypes(@Query() query: RawQuery) {
    const types = this.kinds.edgeTypes({
      traversable: readFilters<boolean>(EDGE_TYPE_FILTERS, query, 'is_traversable'),
      schemaNames: readFilters<string>(EDGE_TYPE_FILTERS, query, 'schema_names'),
    });
    return data(types.map(presentEdgeType));
  }
}
