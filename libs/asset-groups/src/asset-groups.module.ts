import { Module } from '@nestjs/common';
import { GraphModule } from '@app/graph';
import { IdentityModule } from '@app/identity';
import { MembershipStore, SelectorStore, TagStore } from './application/ports.js';
import { SelectorCommands } from './application/selector-commands.js';
import { SelectorQueries } from './application/selector-queries.js';
import { TagEvaluation } from './application/tag-evaluation.js';
import { CustomSelectorRemoval } from './application/custom-selector-removal.js';
import { PgMembershipStore } from './infrastructure/pg-membership.store.js';
import { PgSelectorStore } from './infrastructure/pg-selector.store.js';
import { EvaluationController } from './http/evaluation.controller.js';
import { SelectorsController } from './http/selectors.controller.js';
import { PgTagStore } from './infrastructure/pg-tag.store.js';
import { TagCommands, TagWriter } from './application/tag-commands.js';
import { TagQueries, TagReadModel } from './application/tag-queries.js';
import { AssetGroupCommands } from './application/asset-group-commands.js';
import { AssetGroupQueries, AssetGroupStore } from './application/asset-group-queries.js';
import { PgAssetGroupStore } from './infrastructure/pg-asset-group.store.js';
import { AssetGroupsController } from './http/asset-groups.controller.js';
import { TagsController } from './http/tags.controller.js';
import { CertificationStore, CertifyMembers } from './application/certification-commands.js';
import { MemberQueries, MemberReadModel } from './application/member-queries.js';
import { PgCertificationStore } from './infrastructure/pg-certification.store.js';
import { PgMemberQueries } from './infrastructure/pg-member-queries.js';
import { CertificationsController } from './http/certifications.controller.js';
import { MembersController } from './http/members.controller.js';
import { AssetGroupSelectorCommands } from './application/asset-group-selector-commands.js';
import { SelectorPreview } from './application/selector-preview.js';
import { TagHistory, TagHistoryQueries } from './application/tag-history.js';
import { TagSearch, TagSearchReadModel } from './application/tag-search.js';
import { PgTagHistory } from './infrastructure/pg-tag-history.store.js';
import { PgTagSearch } from './infrastructure/pg-tag-search.js';
import { TagHistoryController } from './http/tag-history.controller.js';
import { TagSearchController } from './http/tag-search.controller.js';

/**
 * Asset group tags (zones and labels), their selectors and materialised membership, certification of members,
 * the history of tag and selector changes, and the legacy asset groups (views of tags). Exports what analysis calls
 * after every run.
 */
@Module({
  imports: [GraphModule, IdentityModule],
  // CertificationsController and TagSearchController first: their literal paths must win over the tags
  // controller's `{asset_group_tag_id}`.
  controllers: [
    CertificationsController, EvaluationController, TagSearchController, MembersController, SelectorsController,
    TagsController, TagHistoryController, AssetGroupsController,
  ],
  providers: [
    PgTagStore,
    { provide: TagStore, useExisting: PgTagStore },
    { provide: TagWriter, useExisting: PgTagStore },
    { provide: TagReadModel, useExisting: PgTagStore },
    TagCommands,
    TagQueries,
    { provide: AssetGroupStore, useClass: PgAssetGroupStore },
    AssetGroupQueries,
    AssetGroupCommands,
    AssetGroupSelectorCommands,
    { provide: SelectorStore, useClass: PgSelectorStore },
    { provide: MembershipStore, useClass: PgMembershipStore },
    SelectorQueries,
    SelectorCommands,
    TagEvaluation,
    { provide: MemberReadModel, useClass: PgMemberQueries },
    { provide: CertificationStore, useClass: PgCertificationStore },
    MemberQueries,
    CertifyMembers,
    CustomSelectorRemoval,
    { provide: TagHistory, useClass: PgTagHistory },
    TagHistoryQueries,
    { provide: TagSearchReadModel, useClass: PgTagSearch },
    TagSearch,
    SelectorPreview,
  ],
  exports: [TagEvaluation, CustomSelectorRemoval],
})
export class AssetGroupsModule {}
