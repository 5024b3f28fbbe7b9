// Types of directory.mjs for the TypeScript that imports it (test/enterprise-directory.e2e-spec.ts).
export interface EnterpriseOptions {
  variant?: 'dense' | 'shallow';
  scale?: number;
  seed?: number;
  users?: number;
  computers?: number;
  groups?: number;
  cycles?: number;
}

export interface EnterpriseParameters {
  variant: 'dense' | 'shallow';
  seed: number;
  scale: number;
  users: number;
  computers: number;
  groups: number;
  nesting: number;
  cycles: number;
}

export interface EnterpriseCounts {
  users: number;
  computers: number;
  groups: number;
  nestingEdges: number;
  nestingPerGroup: number;
  cycles: number;
  cycleGroups: number;
  memberships: number;
  aces: number;
  sessions: number;
  localGroupMembers: number;
  templates: number;
  enterpriseCas: number;
}

export const DEFAULTS: {
  users: number; computers: number; groups: number; cycles: number; nesting: { dense: number; shallow: number };
  userGroups: number; computerGroups: number; aces: number; sessions: number; localAdminGroups: number; rdpShare: number;
};

export function enterpriseParameters(options?: EnterpriseOptions): EnterpriseParameters;

export function writeEnterpriseFiles(options: EnterpriseOptions, folder: string): {
  paths: string[];
  objects: number;
  parameters: EnterpriseParameters;
  counts: EnterpriseCounts;
};
