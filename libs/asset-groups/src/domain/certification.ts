/** Certification of a tag member (compat part 2 §7): the state of one selector record of a node. */
export const CertificationState = {
  Pending: 0,
  Revoked: 1,
  Manual: 2,
  Automatic: 3,
} as const;
export type CertificationState = (typeof CertificationState)[keyof typeof CertificationState];

/** The `action` of POST /api/v2/asset-group-tags/certifications. */
export const CertificationAction = {
  Revoke: 1,
  Certify: 2,
} as const;
export type CertificationAction = (typeof CertificationAction)[keyof typeof CertificationAction];

/** The state an action leaves a member in. */
export function stateOf(action: CertificationAction): CertificationState {
  return action === CertificationAction.Certify ? CertificationState.Manual : CertificationState.Revoked;
}
