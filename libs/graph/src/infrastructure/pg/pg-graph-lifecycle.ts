import { Injectable } from '@nestjs/common';
import { Database, raw, sql, type Sql } from '@app/platform';
import { GraphLifecycle } from '../../application/ports.js';
import type { EdgeRule, ObjectRule, ReconcilePlan, ReconcileReport, Scope } from '../../domain/reconciliation.js';
import { type GraphWipe, type GraphWipeReport, SOURCE_KIND_NAMES } from '../../domain/graph-wipe.js';
import { PgKindRegistry } from './pg-kind-registry.js';
import { GRAPH_ID } from './pg-sql-parts.js';

const PRIMARY_GROUP = '{"isprimarygroup": true}';

/**
 * GraphLifecycle over `node`/`edge`: one DELETE per rule, all in one transaction. Stamps are compared as text: ingest
 * writes them with `Date.toISOString()` (fixed width, UTC), so text order is time order. An edge without `lastseen`
 * (written by analysis or by hand) never matches; nor does a node without `lastcollected` (a stub).
 */
@Injectable()
export class PgGraphLifecycle extends GraphLifecycle {
  constructor(
    private readonly database: Database,
    private readonly kinds: PgKindRegistry,
  ) {
    super();
  }

  reconcile(plan: ReconcilePlan): Promise<ReconcileReport> {
    return this.database.transaction(async () => {
      const report: ReconcileReport = { edges: 0, objects: 0, byFamily: {} };
      const ids = await this.kinds.idsFor(kindNames(plan), { create: false });
      const idsOf = (names: readonly string[]) => names.flatMap((name) => ids.get(name) ?? []);
      for (const rule of plan.edges) {
        const removed = await this.removeEdges(rule, plan.since, idsOf);
        report.edges += removed;
        report.byFamily[rule.family] = (report.byFamily[rule.family] ?? 0) + removed;
      }
      for (const rule of plan.objects) report.objects += await this.removeObjects(rule, plan.since, idsOf);
      if (report.edges + report.objects > 0) report.objects += await this.removeDetachedLocalGroups(plan.since, idsOf);
      return report;
    });
  }

  async removeSessionsSeenBefore(before: Date): Promise<number> {
    const [hasSession] = [...(await this.kinds.idsFor(['HasSession'], { create: false })).values()];
    if (hasSession === undefined) return 0;
    return this.count(sql`
      DELETE FROM edge e WHERE e.graph_id = ${GRAPH_ID} AND e.kind_id = ${hasSession}
        AND (e.properties ->> 'lastseen') < ${before.toISOString()}`);
  }

  wipe(wipe: GraphWipe): Promise<GraphWipeReport> {
    return this.database.transaction(async (manager) => {
      if (wipe.all) {
        const [row] = await manager.query('SELECT (SELECT count(*) FROM node)::int AS nodes, (SELECT count(*) FROM edge)::int AS edges');
        // TRUNCATE logs a reset (migration 320): indexes rebuild instead of applying a change per element.
        await manager.query('TRUNCATE edge, node');
        return { nodes: row.nodes as number, edges: row.edges as number };
      }
      const ids = await this.kinds.idsFor([...SOURCE_KIND_NAMES, ...wipe.sourceKinds, ...wipe.edgeKinds], { create: false });
      const idsOf = (names: readonly string[]) => names.flatMap((name) => ids.get(name) ?? []);
      const edgeKinds = idsOf(wipe.edgeKinds);
      const edges = edgeKinds.length === 0 ? 0 : await this.count(sql`
        DELETE FROM edge e WHERE e.graph_id = ${GRAPH_ID} AND e.kind_id = ANY(${edgeKinds}::int2[])`);
      const sourceKinds = idsOf(wipe.sourceKinds);
      const which: Sql[] = [];
      if (sourceKinds.length > 0) which.push(sql`n.kind_ids && ${sourceKinds}::int2[]`);
      if (wipe.sourceless) which.push(sql`NOT n.kind_ids && ${idsOf(SOURCE_KIND_NAMES)}::int2[]`);
      const nodes = which.length === 0 ? 0 : await this.count(sql`
        DELETE FROM node n WHERE n.graph_id = ${GRAPH_ID} AND (${which.reduce((a, b) => sql`${a} OR ${b}`)})`);
      return { nodes, edges };
    });
  }

  private removeEdges(rule: EdgeRule, since: string, idsOf: (names: readonly string[]) => number[]): Promise<number> {
    const kinds = idsOf(rule.kinds);
    const ownerKinds = idsOf(rule.ownerKinds);
    if (kinds.length === 0 || ownerKinds.length === 0 || rule.scope.values.length === 0) return Promise.resolve(0);
    const owner = sql`o.kind_ids && ${ownerKinds}::int2[] AND ${inScope('o', rule.scope)}
      AND (o.properties ->> 'lastcollected') >= ${since}
      AND NOT (o.properties ->> 'objectid' = ANY(${rule.exceptOwners ?? []}::text[]))`;
    const stale = sql`e.graph_id = ${GRAPH_ID} AND e.kind_id = ANY(${kinds}::int2[])
      AND (e.properties ->> 'lastseen') < ${since} ${primaryGroup(rule.primaryGroup)}`;
    if (rule.owner === 'localGroup') {
      const [localToComputer] = idsOf(['LocalToComputer']);
      if (localToComputer === undefined) return Promise.resolve(0);
      return this.count(sql`
        DELETE FROM edge e USING edge l, node o
        WHERE ${stale} AND l.start_id = e.end_id AND l.kind_id = ${localToComputer} AND o.id = l.end_id AND ${owner}`);
    }
    const end = rule.owner === 'start' ? sql`e.start_id` : sql`e.end_id`;
    return this.count(sql`DELETE FROM edge e USING node o WHERE ${stale} AND o.id = ${end} AND ${owner}`);
  }

  private removeObjects(rule: ObjectRule, since: string, idsOf: (names: readonly string[]) => number[]): Promise<number> {
    const kinds = idsOf(rule.kinds);
    if (kinds.length === 0 || rule.scope.values.length === 0) return Promise.resolve(0);
    return this.count(sql`
      DELETE FROM node n WHERE n.graph_id = ${GRAPH_ID} AND n.kind_ids && ${kinds}::int2[] AND ${inScope('n', rule.scope)}
        AND (n.properties ->> 'lastcollected') < ${since}`);
  }

  /**
   * Local groups (ADLocalGroup nodes that are not also domain groups) the collection did not report again and that
   * are left without their computer: it was removed, or no longer reports the group. They exist only through that
   * link. Stubs (a right granted to a local group SharpHound only named) are no object of their own and stay.
   */
  private removeDetachedLocalGroups(since: string, idsOf: (names: readonly string[]) => number[]): Promise<number> {
    const [localGroup, group, localToComputer] = ['ADLocalGroup', 'Group', 'LocalToComputer'].map((name) => idsOf([name])[0]);
    if (localGroup === undefined || localToComputer === undefined) return Promise.resolve(0);
    return this.count(sql`
      DELETE FROM node n WHERE n.graph_id = ${GRAPH_ID} AND n.kind_ids @> ARRAY[${localGroup}]::int2[]
        AND NOT n.kind_ids && ARRAY[${group ?? -1}]::int2[] AND (n.properties ->> 'lastcollected') < ${since}
        AND NOT EXISTS (SELECT 1 FROM edge l WHERE l.start_id = n.id AND l.kind_id = ${localToComputer})`);
  }

  private async count(statement: Sql): Promise<number> {
    const { text, values } = sql`WITH removed AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM removed`.toQuery();
    const [row] = await this.database.query<{ n: number }>(text, values);
    return row.n;
  }
}

function inScope(alias: 'o' | 'n', scope: Scope): Sql {
  // A literal, never input: the expression then matches the node_domainsid/tenantid indexes.
  const property = scope.property === 'tenantid' ? `'tenantid'` : `'domainsid'`;
  return sql`(${raw(alias)}.properties ->> ${raw(property)}) = ANY(${scope.values}::text[])`;
}

function primaryGroup(value: boolean | undefined): Sql {
  if (value === undefined) return sql``;
  return value ? sql`AND e.properties @> ${PRIMARY_GROUP}::jsonb` : sql`AND NOT e.properties @> ${PRIMARY_GROUP}::jsonb`;
}

function kindNames(plan: ReconcilePlan): string[] {
  return [
    'ADLocalGroup', 'Group', 'LocalToComputer',
    ...plan.edges.flatMap((rule) => [...rule.kinds, ...rule.ownerKinds]),
    ...plan.objects.flatMap((rule) => rule.kinds),
  ];
}
