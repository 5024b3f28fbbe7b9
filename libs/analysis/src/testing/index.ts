/** Internals of analysis the e2e suites drive directly (tests only; never part of the service). */
export { CORE_STEPS_AFTER_ADCS, CORE_STEPS_BEFORE_ADCS } from '../infrastructure/steps/core-steps.js';
export { transactionSql } from '../infrastructure/steps/step.js';
export { MEMBERSHIP_SOURCE, membershipGraph } from '../infrastructure/steps/membership-load.js';
export { GROUP } from '../domain/membership/index.js';
export { canReanimateTombstoneInRounds } from '../infrastructure/steps/core-reanimate.js';
export { DataLifecycle } from '../application/data-lifecycle.js';
