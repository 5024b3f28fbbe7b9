import type { SqlStep } from './step.js';

/**
 * Step 10 of ingest-reference §5: TrustedForNTAuth, IssuedSignedBy, EnterpriseCAFor, ExtendedByPolicy,
 * EnrollOnBehalfOf, then GoldenCert and the ADCSESC* edges, in order.
 */
export const ADCS_STEPS: SqlStep[] = [];
