import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ApiError, ApiErrors, CurrentPrincipal, data, Permissions, type Principal, type RawQuery, RequirePermission,
} from '@app/platform';
import { CypherService } from '../application/cypher-service.js';
import { GraphLimits } from '../application/graph-limits.js';
import type { GraphNode } from '../domain/graph.js';
import { textProperty } from '../domain/display.js';
import { queryValues } from './graph.params.js';

/** An environment selector: a collected domain or tenant, as the explorer's domain picker reads it. */
export interface EnvironmentWire {
  type: 'active-directory' | 'azure';
  name: string;
  id: string;
  collected: boolean;
}

const FILTERS = new Set(['objectid', 'name', 'collected']);
const SORTABLE = new Set(['objectid', 'name']);
const invalid = (reason: string) => ApiError.badRequest(`invalid query parameters: ${reason}`);

function present(node: GraphNode): EnvironmentWire {
  return {
    type: node.kinds.includes('AZTenant') ? 'azure' : 'active-directory',
    name: textProperty(node.properties, 'name') ?? '',
    id: textProperty(node.properties, 'objectid') ?? '',
    collected: node.properties.collected === true,
  };
}

/** `column=eq:value` / `neq:value` filters (objectid, name, collected); a value without an operator is ignored. */
function readFilters(query: RawQuery): ((env: EnvironmentWire) => boolean)[] {
  const tests: ((env: EnvironmentWire) => boolean)[] = [];
  for (const key of Object.keys(query)) {
    if (['sort_by', 'skip', 'limit'].includes(key)) continue;
    for (const raw of queryValues(query, key)) {
      const match = /^([~\w]+):(.*)$/s.exec(raw);
      if (!match) continue;
      if (!FILTERS.has(key)) throw invalid('the specified column cannot be filtered');
      const [, op, value] = match;
      if (op !== 'eq' && op !== 'neq') throw invalid('the specified filter predicate is not supported for this column');
      const field = key === 'objectid' ? 'id' : (key as 'name' | 'collected');
      tests.push((env) => (String(env[field]) === value) === (op === 'eq'));
    }
  }
  return tests;
}

/** The environments of the graph (GET /api/v2/available-domains): every Domain and AZTenant node. */
@ApiTags('Graph')
@Controller('available-domains')
export class EnvironmentsController {
  constructor(private readonly cypher: CypherService, private readonly limits: GraphLimits) {}

  @Get()
  @RequirePermission(Permissions.GraphDBRead)
  @ApiOperation({
    summary: 'The domains and Azure tenants in the graph',
    description: 'Filters objectid, name, collected (eq, neq); sort_by objectid or name (- for descending).',
  })
  @ApiQuery({ name: 'sort_by', required: false, isArray: true })
  @ApiOkResponse({ description: '`{"data": [{type: "active-directory"|"azure", name, id, collected}]}`' })
  @ApiErrors(400, 401, 403, 429)
  async list(@Query() query: RawQuery, @CurrentPrincipal() principal: Principal) {
    const sort = queryValues(query, 'sort_by').map((term) => {
      const descending = term.startsWith('-');
      const column = descending ? term.slice(1) : term;
      // The reference's fixed text here does not name the column.
      if (!SORTABLE.has(column)) throw ApiError.badRequest('column format does not support sorting');
      return { field: column === 'objectid' ? 'id' as const : 'name' as const, descending };
    });
    const filters = readFilters(query);
    const nodes = await this.limits.run(principal, () => this.cypher.selectNodes('MATCH (n) WHERE n:Domain OR n:AZTenant RETURN n'));
    const environments = nodes.map(present).filter((env) => filters.every((test) => test(env)));
    for (const { field, descending } of [...sort].reverse()) {
      environments.sort((a, b) => (a[field] === b[field] ? 0 : (a[field] < b[field]) !== descending ? -1 : 1));
    }
    return data(environments);
  }
}
