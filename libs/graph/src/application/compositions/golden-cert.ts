import { hasKind } from './adcs-rules.js';
import { CA, certChainToDomain, hop, intersect, isNode, nodesOf, ntAuthToDomain, ofKinds } from './adcs-steps.js';
import type { CompositionHandler } from './composition-parts.js';
import { matchPaths } from './path-pattern.js';

/**
 * GoldenCert (Computer -> Domain): the computer hosts an enterprise CA whose certificate chains to a root CA of
 * the domain and which the domain trusts for NT authentication; both are required per CA.
 */
export const composeGoldenCert: CompositionHandler = async ({ graph, start, end }) => {
  const hosted = await matchPaths(graph, [start], {
    steps: [hop(['HostsCAService'], ofKinds('EnterpriseCA'), CA)],
    end: hasKind('EnterpriseCA'),
  });
  const cas = nodesOf(hosted, hosted.reached(CA));
  if (cas.length === 0) return [];
  const chains = await matchPaths(graph, cas, { steps: certChainToDomain(end.id), end: isNode(end.id) });
  const ntAuth = await matchPaths(graph, cas, { steps: ntAuthToDomain(isNode(end.id)), end: isNode(end.id) });
  const valid = intersect(chains.sources(), ntAuth.sources());
  return [hosted.restrict(CA, valid), chains.from(valid), ntAuth.from(valid)];
};
