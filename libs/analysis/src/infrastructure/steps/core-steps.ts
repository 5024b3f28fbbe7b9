import type { SqlStep } from './step.js';

/**
 * Steps 1-9 of ingest-reference §5 (well-known node fixes, domain associations, well-known links, deleting the
 * post-processed edges, DCSync, SyncLAPSPassword, local-group edges, CanRDP), in order.
 */
export const CORE_STEPS_BEFORE_ADCS: SqlStep[] = [];

/** Step 11 (Owns / WriteOwner from OwnsRaw / WriteOwnerRaw, BlockOwnerImplicitRights). */
export const CORE_STEPS_AFTER_ADCS: SqlStep[] = [];
