import { describe, expect, it } from '@jest/globals';
import { CORE_STEPS_AFTER_ADCS, CORE_STEPS_BEFORE_ADCS } from './core-steps.js';

describe('core post-processing steps', () => {
  it("run in the order of the reference's Post() (docs/architecture.md, Analysis), ADCS between them", () => {
    expect(CORE_STEPS_BEFORE_ADCS.map((step) => step.name)).toEqual([
      'FixWellKnownNodeTypes', 'RunDomainAssociations', 'LinkWellKnownNodes', 'DeletePostProcessedEdges', 'DCSync',
      'ProtectAdminGroups', 'SyncLAPSPassword', 'HasTrustKeys', 'AdminTo', 'CanPSRemote', 'ExecuteDCOM', 'CanRDP',
    ]);
    expect(CORE_STEPS_AFTER_ADCS.map((step) => step.name)).toEqual(['OwnsAndWriteOwner', 'CanReanimateTombstone']);
  });
});
