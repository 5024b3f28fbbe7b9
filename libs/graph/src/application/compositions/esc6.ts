import type { GraphNode } from '../../domain/graph.js';
import {
  allowsSchannelAuthentication, isFalse, isTrue, mapsCertificatesByUpn, signaturesOrSchemaOne,
  templateFitsPrincipal,
} from './adcs-rules.js';
import {
  CA, certChainToDomain, domainControllers, enrollOnCa, enrollOnTemplate, hop, isIn, isNode, ntAuthToDomain,
  withSpecialGroups,
} from './adcs-steps.js';
import type { CompositionHandler, GraphPiece } from './composition-parts.js';
import { matchPaths } from './path-pattern.js';

/** ESC6a: the template puts no security extension in the certificate (so the SAN decides the account). */
function isEsc6aTemplate(ct: GraphNode): boolean {
  return isFalse(ct, 'requiresmanagerapproval') && signaturesOrSchemaOne(ct)
    && isTrue(ct, 'nosecurityextension') && isTrue(ct, 'authenticationenabled');
}

/** ESC6b: the certificate works for schannel, where DCs may map it by UPN. */
function isEsc6bTemplate(ct: GraphNode): boolean {
  return isFalse(ct, 'requiresmanagerapproval') && signaturesOrSchemaOne(ct) && allowsSchannelAuthentication(ct);
}

/**
 * ADCSESC6a / ADCSESC6b (principal -> Domain). From the principal (and Authenticated Users / Everyone), over
 * MemberOf*0..:
 * - p1: Enroll on an enterprise CA with `isuserspecifiessanenabled`, trusted for NT auth in the domain;
 * - p3: enrolment rights on a template (6a: no security extension; 6b: schannel) published to such a CA whose
 *   chain reaches a root CA of the domain (users only through templates that do not require a DNS name);
 * - p2 (6b only): the forest's DCs that map certificates by UPN.
 */
export const composeEsc6: CompositionHandler = async ({ graph, edge, start, end }) => {
  const scenarioB = edge.kind === 'ADCSESC6b';
  const principals = await withSpecialGroups(graph.store, start, end);
  const sanCas = await matchPaths(graph, principals, {
    steps: [...enrollOnCa((n) => isTrue(n, 'isuserspecifiessanenabled')), ...ntAuthToDomain(isNode(end.id))],
    end: isNode(end.id),
  });
  const cas = sanCas.reached(CA);
  if (cas.size === 0) return [];
  const validTemplate = scenarioB ? isEsc6bTemplate : isEsc6aTemplate;
  const templates = await matchPaths(graph, principals, {
    steps: [
      ...enrollOnTemplate((n) => validTemplate(n) && templateFitsPrincipal(n, start)),
      hop(['PublishedTo'], isIn(cas), CA),
      ...certChainToDomain(end.id),
    ],
    end: isNode(end.id),
  });
  if (templates.isEmpty) return [];
  const pieces: GraphPiece[] = [templates, sanCas.restrict(CA, templates.reached(CA))];
  if (scenarioB) pieces.push(await domainControllers(graph, end, mapsCertificatesByUpn));
  return pieces;
};
