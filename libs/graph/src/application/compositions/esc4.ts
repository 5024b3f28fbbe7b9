import type { GraphNode } from '../../domain/graph.js';
import { hasKind, isFalse, isTrue, signaturesOrSchemaOne } from './adcs-rules.js';
import {
  CA, TEMPLATE, anyNode, certChainToDomain, enrollOnCa, hop, intersect, isIn, isNode, memberOfGroups, ntAuthToDomain,
  ofKinds, withSpecialGroups,
} from './adcs-steps.js';
import type { CompositionHandler } from './composition-parts.js';
import { matchPaths, type PathMatch, type WalkGraph } from './path-pattern.js';

const FULL_CONTROL = ['GenericAll', 'Owns', 'WriteOwner', 'WriteDacl'];

/** Name flag alone makes a template abusable when enrolment needs no approval and the certificate authenticates. */
const nameFlagSuffices = (ct: GraphNode): boolean =>
  isFalse(ct, 'requiresmanagerapproval') && isTrue(ct, 'authenticationenabled') && signaturesOrSchemaOne(ct);
/** Enrollment flag alone suffices when the enrollee already supplies the subject. */
const enrollmentFlagSuffices = (ct: GraphNode): boolean =>
  isTrue(ct, 'enrolleesuppliessubject') && isTrue(ct, 'authenticationenabled') && signaturesOrSchemaOne(ct);
/** Both flags together: the certificate must authenticate. */
const bothFlagsSuffice = (ct: GraphNode): boolean => isTrue(ct, 'authenticationenabled') && signaturesOrSchemaOne(ct);

/**
 * ADCSESC4 (principal -> Domain). From the principal (and Authenticated Users / Everyone), over MemberOf*0..,
 * a template published to a CA the principals can enrol on that is trusted for NT auth in the domain, and whose
 * chain reaches a root CA of the domain, with one of these rights on the template:
 * - GenericAll / Owns / WriteOwner / WriteDacl;
 * - GenericWrite, plus Enroll or AllExtendedRights on it;
 * - WritePKINameFlag, plus enrolment rights, when the template needs no approval and authenticates;
 * - WritePKIEnrollmentFlag, plus enrolment rights, when the enrollee supplies the subject and it authenticates;
 * - both flags, plus enrolment rights, when it authenticates.
 */
export const composeEsc4: CompositionHandler = async ({ graph, start, end }) => {
  const principals = await withSpecialGroups(graph.store, start, end);
  const trusted = await matchPaths(graph, principals, {
    steps: [...enrollOnCa(), ...ntAuthToDomain(isNode(end.id))],
    end: isNode(end.id),
  });
  const cas = trusted.reached(CA);
  if (cas.size === 0) return [];
  const controlled = (rights: string[]) => matchPaths(graph, principals, {
    steps: [
      memberOfGroups, hop(rights, ofKinds('CertTemplate'), TEMPLATE), hop(['PublishedTo'], isIn(cas), CA),
      ...certChainToDomain(end.id),
    ],
    end: isNode(end.id),
  });
  const fullControl = await controlled(FULL_CONTROL);
  const genericWrite = await controlled(['GenericWrite']);
  const nameFlag = await controlled(['WritePKINameFlag']);
  const enrollmentFlag = await controlled(['WritePKIEnrollmentFlag']);

  const candidates = new Set([genericWrite, nameFlag, enrollmentFlag].flatMap((m) => [...m.reached(TEMPLATE)]));
  const enrol = await rightsOn(graph, principals, ['Enroll', 'AllExtendedRights'], candidates);
  const nameRight = await rightsOn(graph, principals, ['WritePKINameFlag'], enrollmentFlag.reached(TEMPLATE));
  const enrollable = enrol.reached(TEMPLATE);
  /** The templates of `match` the principals also hold `rights` on and that meet `condition`. */
  const qualifying = (match: PathMatch, rights: ReadonlySet<string>, condition: (ct: GraphNode) => boolean) =>
    new Set([...intersect(match.reached(TEMPLATE), rights)].filter((id) => condition(match.node(id)!)));

  const bothFlags = qualifying(enrollmentFlag, intersect(enrollable, nameRight.reached(TEMPLATE)), bothFlagsSuffice);
  const kept = {
    genericWrite: qualifying(genericWrite, enrollable, () => true),
    nameFlag: qualifying(nameFlag, enrollable, nameFlagSuffices),
    enrollmentFlag: new Set([...qualifying(enrollmentFlag, enrollable, enrollmentFlagSuffices), ...bothFlags]),
  };
  const paths = [
    fullControl,
    genericWrite.restrict(TEMPLATE, kept.genericWrite),
    nameFlag.restrict(TEMPLATE, kept.nameFlag),
    enrollmentFlag.restrict(TEMPLATE, kept.enrollmentFlag),
  ];
  if (paths.every((m) => m.isEmpty)) return [];
  return [
    ...paths,
    enrol.restrict(TEMPLATE, new Set([...kept.genericWrite, ...kept.nameFlag, ...kept.enrollmentFlag])),
    nameRight.restrict(TEMPLATE, bothFlags),
    trusted.restrict(CA, new Set(paths.flatMap((m) => [...m.reached(CA)]))),
  ];
};

/** Principals' rights of `kinds` (over MemberOf*0..) on the given templates. */
function rightsOn(graph: WalkGraph, principals: GraphNode[], kinds: string[], templates: ReadonlySet<string>) {
  const steps = [memberOfGroups, hop(kinds, isIn(templates), TEMPLATE)];
  return matchPaths(graph, principals, { steps, end: anyNode });
}
