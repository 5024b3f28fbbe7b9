import { describe, expect, it } from '@jest/globals';
import { CORE_STEPS_AFTER_ADCS, CORE_STEPS_BEFORE_ADCS } from './core-steps.js';

describe('core post-processing steps', () => {
  it('run in the order of ingest-reference §5 (steps 1-6, 8, 9 before ADCS; 11 after)', () => {
    expect(CORE_STEPS_BEFORE_ADCS.map((step) => step.name)).toEqual([
      'FixWellKnownNodeTypes', 'RunDomainAssociations', 'LinkWellKnownNodes', 'DeletePostProcessedEdges', 'DCSync',
      'SyncLAPSPassword', 'AdminTo', 'CanPSRemote', 'ExecuteDCOM', 'CanRDP',
    ]);
    expect(CORE_STEPS_AFTER_ADCS.map((step) => step.name)).toEqual(['OwnsAndWriteOwner']);
  });
});
