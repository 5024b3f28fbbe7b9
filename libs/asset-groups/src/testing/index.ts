/** Internals of asset groups the e2e suites use (tests only; never part of the service). */
export { SelectorStore } from '../application/ports.js';
export { TIER_ZERO_RULES } from '../domain/tier-zero-rules.js';
