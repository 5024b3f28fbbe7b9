export { AssetGroupsModule } from './asset-groups.module.js';
export { TagEvaluation } from './application/tag-evaluation.js';
export { CustomSelectorRemoval } from './application/custom-selector-removal.js';
export { AssetGroupsSchema1732240000400 } from './infrastructure/migrations/1732240000400-asset-groups-schema.js';
export { MembershipDigests1732240000410 } from './infrastructure/migrations/1732240000410-membership-digests.js';
export { TagHistory1732240001430 } from './infrastructure/migrations/1732240001430-tag-history.js';
export { TIER_ZERO_TAG_ID } from './domain/tag.js';
