import type { GraphNode } from '../../domain/graph.js';
import {
  allowsSchannelAuthentication, hasKind, hasWeakCertificateBinding, isFalse, isPlainUser, isTrue, mapsCertificatesByUpn,
  needsNoSignatures, requiresUpnOrSpn, validForUserVictim,
} from './adcs-rules.js';
import {
  CA, VICTIM, VICTIM_CONTROL, certChainToDomain, domainControllers, enrollOnCa, enrollOnTemplate, hop, isIn, isNode,
  nodesOf, ntAuthToDomain, ofKinds,
} from './adcs-steps.js';
import type { CompositionHandler } from './composition-parts.js';
import { intersectPairs, unionPairs } from './node-pairs.js';
import { SOURCE, matchPaths } from './path-pattern.js';

interface Variant {
  /** Kinds of victim whose certificate mapping the attacker can change. */
  victims: string[];
  template: (ct: GraphNode) => boolean;
  /** Domain controllers that accept the forged mapping. */
  dc: (dc: GraphNode) => boolean;
}

/** ESC9: the certificate carries no security extension, so weak binding maps it by the changed UPN / DNS name. */
const esc9 = (ct: GraphNode): boolean => isFalse(ct, 'requiresmanagerapproval') && isTrue(ct, 'authenticationenabled')
  && isTrue(ct, 'nosecurityextension') && isFalse(ct, 'enrolleesuppliessubject') && needsNoSignatures(ct);
/** ESC10: the certificate works for schannel, where DCs map it by UPN. */
const esc10 = (ct: GraphNode): boolean => isFalse(ct, 'requiresmanagerapproval') && allowsSchannelAuthentication(ct)
  && isFalse(ct, 'enrolleesuppliessubject') && needsNoSignatures(ct);
const requiresDns = (ct: GraphNode): boolean => isTrue(ct, 'subjectaltrequiredns');

const ANY_VICTIM = ['User', 'Computer'];
const VARIANTS: Record<string, Variant> = {
  ADCSESC9a: { victims: ANY_VICTIM, template: (ct) => esc9(ct) && requiresUpnOrSpn(ct), dc: hasWeakCertificateBinding },
  ADCSESC9b: { victims: ['Computer'], template: (ct) => esc9(ct) && requiresDns(ct), dc: hasWeakCertificateBinding },
  ADCSESC10a: { victims: ANY_VICTIM, template: (ct) => esc10(ct) && requiresUpnOrSpn(ct), dc: mapsCertificatesByUpn },
  ADCSESC10b: { victims: ['Computer'], template: (ct) => esc10(ct) && requiresDns(ct), dc: mapsCertificatesByUpn },
};

/**
 * ADCSESC9a/9b/10a/10b (attacker -> Domain):
 * - p1: attacker -[GenericAll|GenericWrite|Owns|WriteOwner|WriteDacl]-> victim (a: user or computer; b: computer)
 *   -MemberOf*0..-> -[GenericAll|Enroll|AllExtendedRights]-> a template of the variant -[PublishedTo]-> an
 *   enterprise CA whose chain reaches a root CA of the domain (user victims only through templates that do not
 *   require a DNS name);
 * - p2: victim -MemberOf*0..-> -[Enroll]-> that CA, trusted for NT auth in the domain (the same victim and CA as
 *   one of its p1 paths);
 * - p3: the forest's DCs with weak certificate binding (ESC9) or UPN certificate mapping (ESC10).
 */
export const composeEsc9Or10: CompositionHandler = async ({ graph, edge, start, end }) => {
  const variant = VARIANTS[edge.kind];
  const control = await matchPaths(graph, [start], {
    steps: [hop(VICTIM_CONTROL, ofKinds(variant.victims), VICTIM)],
    end: hasKind(...variant.victims),
  });
  const victims = nodesOf(control, control.reached(VICTIM));
  const templatesFrom = (from: GraphNode[], forUsers: boolean) => matchPaths(graph, from, {
    steps: [
      ...enrollOnTemplate((n) => variant.template(n) && (!forUsers || validForUserVictim(n))),
      hop(['PublishedTo'], ofKinds('EnterpriseCA'), CA),
      ...certChainToDomain(end.id),
    ],
    end: isNode(end.id),
  });
  const byUsers = await templatesFrom(victims.filter(isPlainUser), true);
  const byOthers = await templatesFrom(victims.filter((v) => !isPlainUser(v)), false);
  const templateCas = unionPairs(byUsers.pairs(SOURCE, CA), byOthers.pairs(SOURCE, CA));
  if (templateCas.size === 0) return [];

  const anyTemplateCa = new Set([...templateCas.values()].flatMap((cas) => [...cas]));
  const enrolment = await matchPaths(graph, nodesOf(control, templateCas.keys()), {
    steps: [...enrollOnCa(isIn(anyTemplateCa)), ...ntAuthToDomain(isNode(end.id))],
    end: isNode(end.id),
  });
  // A victim counts only through a CA that both publishes its template and lets it enrol.
  const victimCas = intersectPairs(templateCas, enrolment.pairs(SOURCE, CA));
  if (victimCas.size === 0) return [];
  return [
    control.restrict(VICTIM, new Set(victimCas.keys())),
    ...[byUsers, byOthers].map((m) => m.restrictPairs(SOURCE, CA, victimCas)),
    enrolment.restrictPairs(SOURCE, CA, victimCas),
    await domainControllers(graph, end, variant.dc),
  ];
};
