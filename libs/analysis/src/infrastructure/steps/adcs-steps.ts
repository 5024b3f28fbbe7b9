import { escSteps } from './adcs-esc.js';
import { enrollOnBehalfOf, enterpriseCaFor, extendedByPolicy, issuedSignedBy, trustedForNtAuth } from './adcs-pki.js';
import { adcsChains, adcsPrincipals } from './adcs-scope.js';
import type { SqlStep } from './step.js';

/**
 * Step 10 of ingest-reference §5: TrustedForNTAuth, IssuedSignedBy, EnterpriseCAFor, ExtendedByPolicy,
 * EnrollOnBehalfOf, then GoldenCert and the ADCSESC* edges, in order. Each edge is created exactly where the
 * matching composition (libs/graph/src/application/compositions) finds a path, with the same template and CA rules;
 * principal edges keep only the outermost qualifying group (see adcs-esc.ts). The scope steps build temporary
 * tables (chains, memberships, rights) that the later statements share; they change no rows.
 */
export const ADCS_STEPS: SqlStep[] = [
  trustedForNtAuth, issuedSignedBy, enterpriseCaFor, extendedByPolicy,
  adcsChains, enrollOnBehalfOf, adcsPrincipals,
  ...escSteps,
];
