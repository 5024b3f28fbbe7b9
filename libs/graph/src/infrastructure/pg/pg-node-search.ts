import { Injectable } from '@nestjs/common';
import { Database, param, sql, type Sql } from '@app/platform';
import { NodeSearch, type NodeSearchRequest } from '../../application/ports.js';
import type { GraphNode, Properties } from '../../domain/graph.js';
import { PgKindRegistry } from './pg-kind-registry.js';

/** Without a kind filter the search covers every AD and Azure node, as the reference does. */
const DEFAULT_KINDS = ['Base', 'AZBase'];

interface SearchRow { id: string; kind_ids: number[]; properties: Properties }

// One statement: the contains test (ILIKE, served by the trigram indexes on name and objectid) finds every hit,
// exact hits rank first in id order, then the rest by display name in byte order (COLLATE "C"), as the
// reference sorts. Local groups that are not also Groups are left out, like the reference's search filter.
function searchStatement(request: NodeSearchRequest, kindIds: number[], ids: Map<string, number>): Sql {
  const text = param(request.text);
  const pattern = param(containsPattern(request.text));
  const exact = sql`upper(n.properties ->> 'name') = upper(${text})
    OR upper(n.properties ->> 'objectid') = upper(${text})`;
  return sql`
    SELECT n.id, n.kind_ids, n.properties
    FROM node n
    WHERE n.graph_id = 1
      AND n.kind_ids && ${kindIds}::int2[]
      AND ((n.properties ->> 'name') ILIKE ${pattern} OR (n.properties ->> 'objectid') ILIKE ${pattern})
      AND NOT (coalesce(n.kind_ids @> ARRAY[${ids.get('ADLocalGroup') ?? null}::int2], false)
               AND NOT coalesce(n.kind_ids @> ARRAY[${ids.get('Group') ?? null}::int2], false))
    ORDER BY
      (${exact}) IS NOT TRUE,
      CASE WHEN ${exact} THEN NULL
        ELSE coalesce(n.properties ->> 'name', n.properties ->> 'displayname', n.properties ->> 'objectid')
        END COLLATE "C" NULLS FIRST,
      n.id
    OFFSET ${request.skip} LIMIT ${request.limit}`;
}

/** `%`, `_` and the escape character itself match literally inside the contains pattern. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Node search in PostgreSQL: one statement per page, every input bound as a parameter. */
@Injectable()
export class PgNodeSearch extends NodeSearch {
  constructor(private readonly database: Database, private readonly kinds: PgKindRegistry) {
    super();
  }

  async search(request: NodeSearchRequest): Promise<GraphNode[]> {
    const wanted = request.kinds.length > 0 ? request.kinds : DEFAULT_KINDS;
    const ids = await this.kinds.idsFor([...wanted, 'ADLocalGroup', 'Group'], { create: false });
    const kindIds = wanted.map((kind) => ids.get(kind)).filter((id) => id !== undefined);
    if (kindIds.length === 0 || request.limit <= 0) return [];
    const { text, values } = searchStatement(request, kindIds, ids).toQuery();
    const rows = await this.database.query<SearchRow>(text, values, { readOnly: true });
    const distinct = [...new Set(rows.flatMap((row) => row.kind_ids))];
    const names = await this.kinds.namesOf(distinct);
    const nameById = new Map(distinct.map((id, i) => [id, names[i]]));
    return rows.map((row) => ({
      id: String(row.id),
      kinds: row.kind_ids.map((id) => nameById.get(id)!),
      properties: row.properties,
    }));
  }
}
