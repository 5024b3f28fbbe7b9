import { deletePostProcessedEdges } from './core-edges.js';
import { dcSync, syncLapsPassword } from './core-domain-rights.js';
import { adminTo, canPSRemote, canRdp, executeDcom } from './core-local-groups.js';
import { fixWellKnownNodeTypes, runDomainAssociations } from './core-node-fixes.js';
import { ownsAndWriteOwner } from './core-owns.js';
import { linkWellKnownNodes } from './core-well-known.js';
import type { SqlStep } from './step.js';

/**
 * Steps 1-9 of ingest-reference §5 (well-known node fixes, domain associations, well-known links, deleting the
 * post-processed edges, DCSync, SyncLAPSPassword, local-group edges, CanRDP), in order. Step 7 (HasTrustKeys) is
 * not implemented.
 */
export const CORE_STEPS_BEFORE_ADCS: SqlStep[] = [
  fixWellKnownNodeTypes, runDomainAssociations, linkWellKnownNodes, deletePostProcessedEdges, dcSync,
  syncLapsPassword, adminTo, canPSRemote, executeDcom, canRdp,
];

/** Step 11 (Owns / WriteOwner from OwnsRaw / WriteOwnerRaw, BlockOwnerImplicitRights). */
export const CORE_STEPS_AFTER_ADCS: SqlStep[] = [ownsAndWriteOwner];
