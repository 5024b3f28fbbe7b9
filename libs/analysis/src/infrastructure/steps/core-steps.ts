import { deletePostProcessedEdges } from './core-edges.js';
import { dcSync, syncLapsPassword } from './core-domain-rights.js';
import { hasTrustKeys, protectAdminGroups } from './core-domain-objects.js';
import { adminTo, canPSRemote, canRdp, executeDcom } from './core-local-groups.js';
import { fixWellKnownNodeTypes, runDomainAssociations } from './core-node-fixes.js';
import { ownsAndWriteOwner } from './core-owns.js';
import { canReanimateTombstone } from './core-reanimate.js';
import { linkWellKnownNodes } from './core-well-known.js';
import type { SqlStep } from './step.js';

/**
 * The reference's steps before ADCS, in its order (`Post()`, docs/architecture.md "Analysis"): well-known node
 * fixes, domain associations, well-known links, deleting the post-processed edges, DCSync, ProtectAdminGroups,
 * SyncLAPSPassword, HasTrustKeys, local-group edges, CanRDP.
 */
export const CORE_STEPS_BEFORE_ADCS: SqlStep[] = [
  fixWellKnownNodeTypes, runDomainAssociations, linkWellKnownNodes, deletePostProcessedEdges, dcSync,
  protectAdminGroups, syncLapsPassword, hasTrustKeys, adminTo, canPSRemote, executeDcom, canRdp,
];

/**
 * Steps 12-13: Owns / WriteOwner from OwnsRaw / WriteOwnerRaw (BlockOwnerImplicitRights), then CanReanimateTombstone
 * (which counts the Owns and WriteOwner just written). CanUseBadSuccessor creates no edge in the reference.
 */
export const CORE_STEPS_AFTER_ADCS: SqlStep[] = [ownsAndWriteOwner, canReanimateTombstone];
