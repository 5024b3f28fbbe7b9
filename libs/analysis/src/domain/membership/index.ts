export { CsrMemberOf, type HopVisit, type MemberOfSource } from './member-of-source.js';
export { GROUP, MembershipGraph, PLAIN_USER, PRINCIPAL } from './membership-graph.js';
export { NodeSet } from './node-set.js';
export { outermostForDomain, outermostMembers, type SpecialGroups } from './outermost.js';
