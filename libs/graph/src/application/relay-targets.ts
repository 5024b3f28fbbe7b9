import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import type { GraphEdge, GraphNode, Properties } from '../domain/graph.js';
import { EdgeCompositions } from './compositions/edge-compositions.js';
import { GraphErrors } from './graph-errors.js';
import { GraphLimits } from './graph-limits.js';
import { assertWithinResultLimit, collectGraph, type GraphResult } from './graph-result.js';
import { GraphStore } from './ports.js';

/** A domain controller an NTLM relay to LDAP(S) can reach: the reference's property tests, on exact booleans. */
const LDAP_TARGET = (p: Properties) => p.ldapavailable === true && p.ldapsigning === false;
const LDAPS_TARGET = (p: Properties) => p.ldapsavailable === true && p.ldapsepa === false;

/**
 * The nodes a coerced authentication can be relayed to, behind an NTLM relay edge (GET /api/v2/graphs/relay-targets,
 * the reference's ad.GetRelayTargets): for SMB the coercible computers of the edge's composition other than the
 * target, for ADCS the enterprise CAs with a vulnerable web enrolment endpoint of its composition, for LDAP and
 * LDAPS the domain controllers of the edge's domain that accept the relay. Other kinds have none.
 */
@Injectable()
export class RelayTargets {
  constructor(
    private readonly store: GraphStore,
    private readonly compositions: EdgeCompositions,
    private readonly limits: GraphLimits,
  ) {}

  /** The relay targets of the edge of `kind` between two nodes (by id), as a graph of nodes; 400 when no such edge. */
  async find(startId: string, endId: string, kind: string): Promise<GraphResult> {
    const edge = await this.store.edgeBetween(startId, endId, kind);
    if (!edge) throw ApiError.badRequest(GraphErrors.edgeNotFound);
    const result = collectGraph(await this.of(edge), []);
    assertWithinResultLimit(result, this.limits.resultLimit);
    return result;
  }

  async of(edge: GraphEdge): Promise<GraphNode[]> {
    switch (edge.kind) {
      case 'CoerceAndRelayNTLMToSMB':
        return (await this.compositions.compose(edge)).nodes
          .filter((node) => node.kinds.includes('Computer') && node.id !== edge.endId);
      case 'CoerceAndRelayNTLMToADCS':
        return (await this.compositions.compose(edge)).nodes
          .filter((node) => node.kinds.includes('EnterpriseCA') && node.properties.hasvulnerableendpoint === true);
      case 'CoerceAndRelayNTLMToLDAP':
        return this.domainControllers(edge, LDAP_TARGET);
      case 'CoerceAndRelayNTLMToLDAPS':
        return this.domainControllers(edge, LDAPS_TARGET);
      default:
        return [];
    }
  }

  /**
   * The domain controllers (`isdc`) of the start node's domain that pass `accepts`: the computers with a DCFor
   * edge to the domain (ingest writes one per DC), so only they are loaded, not the domain's every computer.
   */
  private async domainControllers(edge: GraphEdge, accepts: (properties: Properties) => boolean): Promise<GraphNode[]> {
    const [start] = await this.store.nodesByIds([edge.startId]);
    const sid = start?.properties.domainsid;
    if (typeof sid !== 'string' || sid === '') return [];
    const domain = await this.store.nodeByObjectId(sid, 'Domain');
    if (!domain) return [];
    const { nodes } = await this.store.neighbours([domain.id], 'inbound', ['DCFor']);
    return nodes
      .filter((node) => node.kinds.includes('Computer') && node.properties.domainsid === sid)
      .filter((node) => node.properties.isdc === true && accepts(node.properties))
      .sort((a, b) => Number(a.id) - Number(b.id));
  }
}
