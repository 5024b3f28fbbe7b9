import { GraphLifecycle } from '../../application/ports.js';
import type { EdgeRule, ObjectRule, ReconcilePlan, ReconcileReport } from '../../domain/reconciliation.js';
import { type GraphWipe, type GraphWipeReport, SOURCE_KIND_NAMES } from '../../domain/graph-wipe.js';
import { Neo4jConnection } from './neo4j-connection.js';
import { toPlain } from './neo4j-values.js';

// Kinds, scopes and stamps are parameters: nothing of the plan is printed into the statement text. The scope property
// is one of two literals chosen below.
const OWNER = `any(k IN labels(o) WHERE k IN $ownerKinds) AND o[$scopeProperty] IN $scopes
  AND o.lastcollected >= $since AND NOT o.objectid IN $exceptOwners`;
const STALE = `type(r) IN $kinds AND r.lastseen < $since
  AND ($primaryGroup IS NULL OR coalesce(r.isprimarygroup, false) = $primaryGroup)`;
const EDGE_STATEMENTS: Record<EdgeRule['owner'], string> = {
  start: `MATCH (o)-[r]->() WHERE ${STALE} AND ${OWNER} DELETE r RETURN count(*) AS n`,
  end: `MATCH ()-[r]->(o) WHERE ${STALE} AND ${OWNER} DELETE r RETURN count(*) AS n`,
  localGroup: `MATCH ()-[r]->(:ADLocalGroup)-[:LocalToComputer]->(o) WHERE ${STALE} AND ${OWNER}
    WITH DISTINCT r DELETE r RETURN count(*) AS n`,
};
const OBJECTS = `MATCH (n) WHERE any(k IN labels(n) WHERE k IN $kinds) AND n[$scopeProperty] IN $scopes
  AND n.lastcollected < $since DETACH DELETE n RETURN count(*) AS n`;
const DETACHED_LOCAL_GROUPS = `MATCH (n:ADLocalGroup) WHERE NOT n:Group AND n.lastcollected < $since AND NOT (n)-[:LocalToComputer]->()
  DETACH DELETE n RETURN count(*) AS n`;
const WIPE_ALL = 'MATCH (n) DETACH DELETE n RETURN count(*) AS n';
const WIPE_EDGES = 'MATCH ()-[r]->() WHERE type(r) IN $kinds DELETE r RETURN count(*) AS n';
const WIPE_NODES = `MATCH (n) WHERE any(k IN labels(n) WHERE k IN $kinds)
  OR ($sourceless AND NOT any(k IN labels(n) WHERE k IN $sourceKinds)) DETACH DELETE n RETURN count(*) AS n`;
const OLD_SESSIONS = 'MATCH ()-[r:HasSession]->() WHERE r.lastseen < $before DELETE r RETURN count(*) AS n';

/** GraphLifecycle for GRAPH_DRIVER=neo4j: the PostgreSQL adapter's rules as Cypher, in one write transaction. */
export class Neo4jGraphLifecycle extends GraphLifecycle {
  constructor(private readonly connection: Neo4jConnection) {
    super();
  }

  reconcile(plan: ReconcilePlan): Promise<ReconcileReport> {
    return this.connection.write(async (tx) => {
      const count = async (text: string, parameters: Record<string, unknown>) =>
        Number(toPlain((await tx.run(text, parameters)).records[0]?.get('n') ?? 0));
      const report: ReconcileReport = { edges: 0, objects: 0, byFamily: {} };
      for (const rule of plan.edges) {
        const removed = await count(EDGE_STATEMENTS[rule.owner], edgeParameters(rule, plan.since));
        report.edges += removed;
        report.byFamily[rule.family] = (report.byFamily[rule.family] ?? 0) + removed;
      }
      for (const rule of plan.objects) report.objects += await count(OBJECTS, objectParameters(rule, plan.since));
      if (report.edges + report.objects > 0) report.objects += await count(DETACHED_LOCAL_GROUPS, { since: plan.since });
      return report;
    });
  }

  wipe(wipe: GraphWipe): Promise<GraphWipeReport> {
    return this.connection.write(async (tx) => {
      const count = async (text: string, parameters: Record<string, unknown> = {}) =>
        Number(toPlain((await tx.run(text, parameters)).records[0]?.get('n') ?? 0));
      if (wipe.all) return { nodes: await count(WIPE_ALL), edges: 0 };
      const edges = wipe.edgeKinds.length === 0 ? 0 : await count(WIPE_EDGES, { kinds: wipe.edgeKinds });
      const nodes = wipe.sourceKinds.length === 0 && !wipe.sourceless ? 0 : await count(WIPE_NODES, {
        kinds: wipe.sourceKinds, sourceless: wipe.sourceless, sourceKinds: SOURCE_KIND_NAMES,
      });
      return { nodes, edges };
    });
  }

  async removeSessionsSeenBefore(before: Date): Promise<number> {
    return this.connection.write(async (tx) =>
      Number(toPlain((await tx.run(OLD_SESSIONS, { before: before.toISOString() })).records[0]?.get('n') ?? 0)));
  }
}

function edgeParameters(rule: EdgeRule, since: string): Record<string, unknown> {
  return {
    kinds: rule.kinds, ownerKinds: rule.ownerKinds, since, scopes: rule.scope.values,
    scopeProperty: rule.scope.property === 'tenantid' ? 'tenantid' : 'domainsid',
    exceptOwners: rule.exceptOwners ?? [], primaryGroup: rule.primaryGroup ?? null,
  };
}

function objectParameters(rule: ObjectRule, since: string): Record<string, unknown> {
  return {
    kinds: rule.kinds, since, scopes: rule.scope.values,
    scopeProperty: rule.scope.property === 'tenantid' ? 'tenantid' : 'domainsid',
  };
}
